import { field, type EntityCatalogue } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { defineLayout, fieldByName } from '../../src/records/layout.ts';
import { LAYOUTS } from '../../src/records/layouts/index.ts';

/** Start-up validation of a layout's aliases (defineLayout), without a database. */
const catalogue: EntityCatalogue = {
  entity: 'jobs',
  title: 'Jobs',
  singular: 'job',
  idField: 'Job ID',
  fields: [field('Job ID', 'ID', 'number'), field('Registration::Registration Number', 'Registration'), field('Locked Job', 'Locked', 'yesno')],
  columns: [],
  quickFind: ['Registration::Registration Number'],
};
const definition = {
  from: 'jobs j',
  idSql: 'j.id',
  modIdSql: 'j.mod_id',
  joins: { registration: 'JOIN registrations r ON r.id = j.registration_id' },
  fields: {
    'Job ID': 'j.id',
    'Registration::Registration Number': ['r.registration_number', 'registration'] as const,
    'Locked Job': 'j.locked',
  },
};
const withAliases = (aliases: Record<string, string>) => () => defineLayout(catalogue, { ...definition, aliases });

describe('layout aliases', () => {
  it('resolve, case-insensitively, to the field they name, whose own name stays the one answers use', () => {
    const layout = withAliases({ 'Registration Number': 'Registration::Registration Number', Locked: 'Locked Job' })();
    const own = fieldByName(layout, 'Registration::Registration Number');
    expect(own?.name).toBe('Registration::Registration Number');
    expect(fieldByName(layout, 'Registration Number')).toBe(own);
    expect(fieldByName(layout, 'registration number')).toBe(own);
    expect(fieldByName(layout, 'LOCKED')?.name).toBe('Locked Job');
    expect(fieldByName(layout, 'Registration')).toBeUndefined();
    expect(layout.fields.map((f) => f.name)).toEqual(['Job ID', 'Registration::Registration Number', 'Locked Job']);
    expect(layout.aliases).toEqual({ 'Registration Number': 'Registration::Registration Number', Locked: 'Locked Job' });
  });

  it('a layout without aliases has none', () => {
    expect(defineLayout(catalogue, definition).aliases).toEqual({});
  });

  it('refuses an alias of a field the layout does not have (names match exactly, like the SQL mapping)', () => {
    expect(withAliases({ 'Registration Number': 'Registration::Number' })).toThrow(
      'Layout jobs: alias Registration Number names unknown field Registration::Number',
    );
    expect(withAliases({ 'Registration Number': 'registration::registration number' })).toThrow(/alias Registration Number names unknown field/);
  });

  it('refuses an alias that is, in any case, the name of a field', () => {
    expect(withAliases({ 'Locked Job': 'Job ID' })).toThrow('Layout jobs: alias Locked Job is already the name of field Locked Job');
    expect(withAliases({ 'job id': 'Locked Job' })).toThrow('Layout jobs: alias job id is already the name of field Job ID');
  });

  it('refuses two aliases that differ only in case', () => {
    expect(withAliases({ 'Registration Number': 'Registration::Registration Number', 'REGISTRATION NUMBER': 'Job ID' })).toThrow(
      'Layout jobs: alias REGISTRATION NUMBER is already the name of alias Registration Number',
    );
  });

  it('the jobs layout takes spec 2 §7’s names for its move-target find', () => {
    const jobs = LAYOUTS.jobs;
    expect(fieldByName(jobs, 'Registration Number')?.name).toBe('Registration::Registration Number');
    expect(fieldByName(jobs, 'Locked Job')?.name).toBe('Locked Job');
    expect(fieldByName(jobs, 'Registration::Expiration Date')?.name).toBe('Registration::Expiration Date');
  });
});
