import { describe, expect, it } from 'vitest';
import { DESTRUCTION_RECORD_MESSAGES, SETTINGS_FIELDS } from '@3ds/domain';
import { businessToday, timeZoneOf } from '../src/components/business-day/business-day.ts';
import {
  changedFields,
  daysLateText,
  daysLeftView,
  destructionRecordFormErrors,
  destructionRecordFormProblems,
  destructionRecordValues,
  lateDestructionDays,
} from '../src/features/jobs/destruction-record-model.ts';
import { changedSettings } from '../src/features/settings/api/update-settings.ts';
import { settingsRecordFrom } from '../src/features/settings/api/get-settings.ts';
import { sidebarLinksFor } from '../src/app/shell/app-navbar.tsx';

const FIELD_DATA = {
  'Date Transfer': '03/01/2026',
  'Date Received': '03/02/2026',
  'Date Destroyed': '',
  'Disposal Method': 'Incineration',
  'Destruction Facility': 'Clearfork Thermal Destruction Facility',
  'Destruction Facility Address': '',
  'Transfer Witness 1 Full Name': 'Maria Lopez',
  'Transfer Witness 2 Full Name': '',
  'Destruction Witness 1 Full Name': '',
  'Destruction Witness 2 Full Name': '',
  'Late Destruction Reason': '',
  'Days Left': 12,
};

describe('the destruction record form', () => {
  const values = destructionRecordValues(FIELD_DATA);

  it('reads the record from the job', () => {
    expect(values).toMatchObject({ dateTransfer: '03/01/2026', dateReceived: '03/02/2026', dateDestroyed: '', disposalMethod: 'Incineration', transferWitness1: 'Maria Lopez' });
  });

  it('sends only what changed, trimmed, "" for an emptied field', () => {
    expect(changedFields(values, values)).toEqual({});
    expect(changedFields(values, { ...values, dateDestroyed: ' 03/10/2026 ', disposalMethod: '' })).toEqual({
      'Date Destroyed': '03/10/2026',
      'Disposal Method': '',
    });
  });

  it('never sends a witness: each confirms for themselves', () => {
    expect(changedFields(values, { ...values, transferWitness1: '', destructionWitness1: 'Dana Whitfield' })).toEqual({});
  });

  it('checks the rules before sending, in the server’s words', () => {
    expect(destructionRecordFormProblems({ ...values, dateDestroyed: '03/10/2026' }, '2026-03-15')).toEqual([]);
    expect(destructionRecordFormProblems({ ...values, dateDestroyed: '03/01/2026' }, '2026-03-15')).toEqual(['Date Destroyed cannot be before Date Received']);
    expect(destructionRecordFormProblems({ ...values, dateReceived: '2026-03-02' }, '2026-03-15')).toEqual(['Date Received must be a date as MM/DD/YYYY']);
    expect(destructionRecordFormProblems({ ...values, dateDestroyed: '03/20/2026' }, '2026-03-15')).toEqual(['Date Destroyed cannot be in the future']);
  });

  it('puts each problem beside its field: the value\'s own shape first, then the record\'s rules', () => {
    expect(destructionRecordFormErrors(values, '2026-03-15')).toEqual({});
    expect(destructionRecordFormErrors({ ...values, dateReceived: '3/2', facility: 'Clean\u202EHarbors' }, '2026-03-15')).toEqual({
      dateReceived: 'Date Received must be a date as MM/DD/YYYY',
      facility: 'Destruction Facility holds an invisible or text-direction character (U+202E): type it again without it, so that what is printed is what is stored',
    });
    // The witnesses' names are not the form's: a name from before confirmations does not stop a save.
    expect(destructionRecordFormErrors({ ...values, transferWitness2: 'MARIA LOPEZ', destructionWitness2: 'Sam\u202ECarter' }, '2026-03-15')).toEqual({});
    expect(destructionRecordFormErrors({ ...values, dateReceived: '03/01/2026', dateDestroyed: '02/20/2026' }, '2026-03-15')).toMatchObject({
      dateDestroyed: DESTRUCTION_RECORD_MESSAGES.destroyedBeforeReceived,
      dateReceived: true,
    });
  });

  it('asks for the reason of a destruction more than 30 days after receipt, beside the reason', () => {
    const late = { ...values, dateTransfer: '12/30/2025', dateReceived: '01/01/2026', dateDestroyed: '03/11/2026' };
    expect(lateDestructionDays(late)).toBe(69);
    expect(lateDestructionDays({ ...values, dateReceived: '01/01/2026', dateDestroyed: '01/31/2026' })).toBeNull();
    expect(lateDestructionDays({ ...values, dateDestroyed: '03/1' })).toBeNull();
    expect(destructionRecordFormErrors(late, '2026-03-15')).toEqual({ lateReason: DESTRUCTION_RECORD_MESSAGES.lateWithoutReason(69) });
    expect(destructionRecordFormErrors({ ...late, lateReason: 'Incinerator down' }, '2026-03-15')).toEqual({});
    expect(destructionRecordFormErrors({ ...values, lateReason: 'Left over' }, '2026-03-15')).toEqual({ lateReason: DESTRUCTION_RECORD_MESSAGES.reasonWithoutLateness });
  });

  it('lists the problems above the fields in the form\'s order: the dates, the reason, then the destruction', () => {
    const late = { ...values, dateTransfer: '12/30/2025', dateReceived: '01/01/2026', dateDestroyed: '03/11/2026' };
    expect(destructionRecordFormProblems(late, '2026-03-15')).toEqual([DESTRUCTION_RECORD_MESSAGES.lateWithoutReason(69)]);
    expect(destructionRecordFormProblems({ ...late, facilityAddress: 'x'.repeat(401), dateReceived: '1/1' }, '2026-03-15')).toEqual([
      'Date Received must be a date as MM/DD/YYYY',
      'Destruction Facility Address can be at most 400 characters',
    ]);
  });

  it('shows a late destruction from the server\'s Days Late', () => {
    expect(daysLateText(50)).toBe('Destroyed 50 days late');
    expect(daysLateText('1')).toBe('Destroyed 1 day late');
    expect(daysLateText(50, true)).toBe('50 days late');
    expect(daysLateText(1, true)).toBe('1 day late');
    expect(daysLateText('')).toBeNull();
    expect(daysLateText(undefined)).toBeNull();
  });

  it('counts today in the Settings\' time zone, not the browser\'s', () => {
    const late = new Date('2026-03-15T03:30:00Z');
    expect(businessToday('America/Chicago', late)).toBe('2026-03-14');
    expect(businessToday('Europe/Berlin', late)).toBe('2026-03-15');
    const settings = (timeZone: string) => ({
      data: [{ recordId: '1', modId: '1', fieldData: { ...Object.fromEntries(Object.values(SETTINGS_FIELDS).map((name) => [name, ''])), 'Time Zone': timeZone } }],
    });
    expect(timeZoneOf(settings('America/Chicago'))).toBe('America/Chicago');
    expect(timeZoneOf(settings(''))).toBeNull();
    expect(timeZoneOf({ data: [] })).toBeNull();
    expect(timeZoneOf({ data: [{ fieldData: { 'Time Zone': 'America/Chicago' } }] })).toBeNull();
    // Until the zone is known, the browser's day.
    expect(businessToday(null, late)).toMatch(/^2026-03-1[45]$/);
  });

  it('shows the clock from the server’s Days Left', () => {
    expect(daysLeftView(12)).toEqual({ days: 12, state: 'on-time', text: '12 days left' });
    expect(daysLeftView('7')).toEqual({ days: 7, state: 'warning', text: '7 days left' });
    expect(daysLeftView(-2)).toEqual({ days: -2, state: 'overdue', text: '2 days overdue' });
    expect(daysLeftView('')).toBeNull();
    expect(daysLeftView(undefined)).toBeNull();
  });
});

describe('the settings screen', () => {
  const answer = {
    data: [
      {
        recordId: '1',
        modId: '3',
        fieldData: { 'Registrant Name': 'Riverbend', 'DEA Registration Number': 'RR4830178', 'Address Line 1': '', 'Address Line 2': '', City: 'Columbus', State: 'OH', ZIP: '43219', Telephone: '', 'Contact Name': '', 'DEA Regional Number': '', 'ARCOS Reporting': 'quarterly', 'Time Zone': 'America/New_York' },
      },
    ],
  };

  it('reads the record and refuses a malformed answer', () => {
    const record = settingsRecordFrom(answer);
    expect(record.modId).toBe('3');
    expect(record.values).toMatchObject({ registrantName: 'Riverbend', deaNumber: 'RR4830178', city: 'Columbus', timeZone: 'America/New_York' });
    expect(() => settingsRecordFrom({ data: [{ modId: '1', fieldData: {} }] })).toThrow(/unexpected shape/);
  });

  it('sends only the changed fields', () => {
    const { values } = settingsRecordFrom(answer);
    expect(changedSettings(values, { ...values, city: ' Dayton ', registrantName: 'Riverbend' })).toEqual({ City: 'Dayton' });
  });

  it('is in the sidebar only for holders of MANAGE_SETTINGS', () => {
    expect(sidebarLinksFor(['MANAGE_SETTINGS']).map((l) => l.route)).toContain('settings');
    expect(sidebarLinksFor(['MANAGE_USERS', 'CREATE_JOB']).map((l) => l.route)).not.toContain('settings');
  });
});
