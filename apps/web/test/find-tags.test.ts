import { CATALOGUE, field } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import {
  fieldSuggestions,
  matchField,
  parseTag,
  requestsToRows,
  rowsToRequests,
  splitTag,
} from '../src/components/list-screen/find-tags.ts';
import type { FindRequest } from '../src/lib/records/list-state.ts';

const companies = CATALOGUE.companies.fields;
const jobs = CATALOGUE.jobs.fields;

describe('Advanced Search tags', () => {
  it.each([
    ['company name:acme', 'Company Name:acme'],
    ['COMPANY NAME : acme labs ', 'Company Name:acme labs'],
    ['name:acme', 'Company Name:acme'], // by label
    ['NAME:acme', 'Company Name:acme'],
    ['company_pk_id:12', 'Company_PK_ID:12'],
    ['ID:>10', 'Company_PK_ID:>10'],
    ['city:=', 'City:='],
    ['Created:1/2024', 'Date Created:1/2024'],
  ])('completes %j to the API name: %j', (text, tag) => {
    expect(parseTag(text, companies)).toMatchObject({ ok: true, tag });
  });

  it('keeps a related field whole: its :: is not the separator', () => {
    expect(parseTag('registration::state:NJ', jobs)).toMatchObject({ ok: true, tag: 'Registration::State:NJ' });
    expect(parseTag('Expiration:01/01/2025', jobs)).toMatchObject({ ok: true, tag: 'Registration::Expiration Date:01/01/2025' });
    expect(splitTag('Registration::Expiration Date:01/01/2025')).toEqual({ field: 'Registration::Expiration Date', value: '01/01/2025' });
  });

  it.each([
    ['acme', /one colon/],
    ['City:Trenton:NJ', /exactly one colon/],
    ['a:b:c', /exactly one colon/],
    ['Date Created:01/01/2024 10:00', /exactly one colon/],
    [':acme', /Name a field/],
    ['City:', /value after/],
    ['City:   ', /value after/],
    ['Colour:red', /not a field/],
  ])('refuses %j', (text, error) => {
    const parsed = parseTag(text, companies);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });

  it('refuses a label two fields share, naming both', () => {
    const parsed = parseTag('by:admin', companies);
    expect(parsed).toEqual({ ok: false, error: expect.stringContaining('Created By or Modified By') });
    expect(matchField('created by', companies)).toEqual({ field: companies.find((f) => f.name === 'Created By') });
  });

  it('prefers an API name over another field’s label', () => {
    const fields = [field('Pallet', 'Bay'), field('Container::Pallet', 'Pallet')];
    expect(parseTag('pallet:3', fields)).toMatchObject({ ok: true, tag: 'Pallet:3' });
  });

  it('suggests every API name and every unambiguous label, each as "Field Name:"', () => {
    const suggestions = fieldSuggestions(companies);
    expect(suggestions).toContain('Company Name:');
    expect(suggestions).toContain('Name:');
    expect(suggestions).toContain('Company_PK_ID:');
    expect(suggestions).toContain('Created By:');
    expect(suggestions).not.toContain('By:');
    expect(suggestions.filter((s) => s === 'City:')).toHaveLength(1);
    expect(suggestions.every((s) => s.endsWith(':'))).toBe(true);
  });
});

describe('rows and find requests', () => {
  it('makes one request per row, its tags ANDed, Omit as omit: true; empty rows are skipped', () => {
    const rows = [
      { omit: false, tags: ['Company Name:acme', 'State:NJ'] },
      { omit: false, tags: [] },
      { omit: true, tags: ['City:Trenton'] },
      { omit: false, tags: ['Registration::Expiration Date:<01/01/2025'] },
    ];
    expect(rowsToRequests(rows)).toEqual([
      { omit: false, criteria: { 'Company Name': 'acme', State: 'NJ' } },
      { omit: true, criteria: { City: 'Trenton' } },
      { omit: false, criteria: { 'Registration::Expiration Date': '<01/01/2025' } },
    ]);
  });

  it('turns requests back into rows for editing', () => {
    const requests: FindRequest[] = [
      { omit: false, criteria: { 'Company Name': 'acme', State: 'NJ' } },
      { omit: true, criteria: { 'Registration::State': 'TN' } },
    ];
    const rows = requestsToRows(requests);
    expect(rows).toEqual([
      { omit: false, tags: ['Company Name:acme', 'State:NJ'] },
      { omit: true, tags: ['Registration::State:TN'] },
    ]);
    expect(rowsToRequests(rows)).toEqual(requests);
  });
});
