import { describe, expect, it } from 'vitest';
import { CATALOGUE, ENTITIES, PRINT_COLUMNS } from '../../src/index.ts';

describe('PRINT_COLUMNS', () => {
  it.each(ENTITIES)('%s: names only list columns, and prints every identifying one', (entity) => {
    const columns = CATALOGUE[entity].columns.map((c) => c.field);
    const print = PRINT_COLUMNS[entity];
    const printed = print.pdf ?? columns;
    for (const field of printed) expect(columns).toContain(field);
    expect(new Set(printed).size).toBe(printed.length);
    expect(print.identifying.length).toBeGreaterThan(0);
    for (const field of print.identifying) expect(printed).toContain(field);
    for (const field of Object.keys(print.unbroken ?? {})) expect(print.identifying).toContain(field);
  });

  it('keeps on a line item PDF what identifies it: NDC, description, lot, serial, registration and Form 222 number', () => {
    for (const field of ['NDC Number', 'NDC Description', 'Lot Number', 'Serial Number', 'Registration Number', 'Form 222 Number']) {
      expect(PRINT_COLUMNS['line-items'].identifying).toContain(field);
    }
    for (const field of ['NDC Number', 'NDC Description', 'Lot Number', 'Serial Number', 'Form 222 Number']) {
      expect(PRINT_COLUMNS['yb-line-items'].identifying).toContain(field);
    }
    expect(PRINT_COLUMNS.dictionaries.identifying).toEqual(['NDC Code LU', 'Trade Name Final LU']);
    expect(PRINT_COLUMNS.companies.identifying).toContain('Company Name');
  });
});
