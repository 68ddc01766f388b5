import { describe, expect, it } from 'vitest';
import { CATALOGUE, ENTITIES, hiddenColumnsProblem, IDENTIFYING_COLUMNS, isIdentifyingColumn, shownColumns } from '../../src/index.ts';

describe('list columns', () => {
  it('names identifying columns that every list has among its columns', () => {
    for (const entity of ENTITIES) {
      const fields = CATALOGUE[entity].columns.map((c) => c.field);
      expect(IDENTIFYING_COLUMNS[entity].length, entity).toBeGreaterThan(0);
      for (const field of IDENTIFYING_COLUMNS[entity]) expect(fields, `${entity}: ${field}`).toContain(field);
    }
  });

  it('accepts hiding any column but an identifying one, once', () => {
    expect(hiddenColumnsProblem('line-items', [])).toBeUndefined();
    expect(hiddenColumnsProblem('line-items', ['Strength', 'CWF Form Number', 'Created By'])).toBeUndefined();
    expect(hiddenColumnsProblem('line-items', ['NDC Number'])).toBe('hidden: NDC Number identifies each row and is always shown.');
    expect(hiddenColumnsProblem('jobs', ['__PKJobID'])).toBe('hidden: ID identifies each row and is always shown.');
    expect(hiddenColumnsProblem('line-items', ['Strength', 'Strength'])).toBe('hidden: "Strength" is named more than once.');
    // A field of the entity that is not one of its list's columns is not a column to hide.
    expect(hiddenColumnsProblem('line-items', ['Avg Tablet Weight'])).toBe('hidden: "Avg Tablet Weight" is not a column of the Line Items list.');
    expect(hiddenColumnsProblem('companies', ['Nonsense'])).toMatch(/"Nonsense" is not a column of the Companies list/);
  });

  it('shows the identifying columns first, then the others not hidden in the list order', () => {
    const { identifying, others } = shownColumns('line-items', ['Strength', 'Locked Container Line Item', 'Gone since']);
    expect(identifying.map((c) => c.label)).toEqual(['ID', 'NDC Number']);
    expect(others.map((c) => c.field)).not.toContain('Strength');
    expect(others.map((c) => c.field)).not.toContain('id');
    expect(others[0]!.field).toBe('id_Job');
    expect(identifying.length + others.length).toBe(CATALOGUE['line-items'].columns.length - 2);
    expect(isIdentifyingColumn('yb-containers', 'Container ID')).toBe(true);
    expect(isIdentifyingColumn('yb-containers', 'Pallet')).toBe(false);
  });
});
