import { CATALOGUE } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { toggleHidden } from '../src/components/list-screen/list-column-choice.ts';
import { cardTitle } from '../src/components/list-screen/list-cards.tsx';
import { LOCK_COLUMN, listColumns, VIEW_COLUMN } from '../src/components/list-screen/list-columns.tsx';

const lineItems = CATALOGUE['line-items'];

describe('the column chooser', () => {
  it('hides and shows one column, keeping the list order', () => {
    expect(toggleHidden(lineItems, [], 'Strength', false)).toEqual(['Strength']);
    expect(toggleHidden(lineItems, ['Strength'], 'Cause', false)).toEqual(['Strength', 'Cause']);
    expect(toggleHidden(lineItems, ['Cause'], 'Strength', false)).toEqual(['Strength', 'Cause']);
    expect(toggleHidden(lineItems, ['Strength', 'Cause'], 'Strength', true)).toEqual(['Cause']);
  });

  it('never hides an identifying column, and drops what the list does not have', () => {
    expect(toggleHidden(lineItems, [], 'NDC Number', false)).toEqual([]);
    expect(toggleHidden(lineItems, ['Gone since'], 'Cause', false)).toEqual(['Cause']);
  });
});

describe('list table columns', () => {
  it('puts the identifying columns first, kept in view with the eye, then the others not hidden', () => {
    const columns = listColumns({ catalogue: lineItems, hidden: ['Strength', 'Locked Container Line Item'] });
    const accessors = columns.map((c) => String(c.accessor));
    expect(accessors.slice(0, 3)).toEqual([VIEW_COLUMN, 'id', 'NDC Number']);
    expect(columns.slice(0, 3).every((c) => c.pinned === 'left')).toBe(true);
    expect(columns.slice(3).some((c) => c.pinned)).toBe(false);
    expect(accessors).not.toContain('Strength');
    // The lock shows as its own column once the list's Locked column is hidden.
    expect(accessors).not.toContain('Locked Container Line Item');
    expect(accessors.length).toBe(1 + lineItems.columns.length - 2);
  });

  it('adds the lock column, kept in view, where the list has no Locked column of its own', () => {
    const columns = listColumns({ catalogue: CATALOGUE.jobs });
    expect(columns.slice(0, 3).map((c) => [String(c.accessor), c.pinned])).toEqual([
      [VIEW_COLUMN, 'left'],
      [LOCK_COLUMN, 'left'],
      ['__PKJobID', 'left'],
    ]);
  });
});

describe('list cards', () => {
  it('title a record by its identifying values, an id captioned as such', () => {
    const identifying = lineItems.columns.filter((c) => c.field === 'id' || c.field === 'NDC Number');
    expect(cardTitle(identifying, { fieldData: { id: 12, 'NDC Number': '00406-0552-01' } })).toBe('ID 12 · 00406-0552-01');
    expect(cardTitle(identifying, { fieldData: { id: 12, 'NDC Number': '' } })).toBe('ID 12');
    const registration = CATALOGUE.registrations.columns.filter((c) => c.field === 'Registration Number');
    expect(cardTitle(registration, { fieldData: { 'Registration Number': 'BA1234563' } })).toBe('BA1234563');
  });
});
