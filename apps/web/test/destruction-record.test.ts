import { describe, expect, it } from 'vitest';
import { changedFields, daysLeftView, destructionRecordFormProblems, destructionRecordValues } from '../src/features/jobs/destruction-record-model.ts';
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
  'Days Left': 12,
};

describe('the destruction record form', () => {
  const values = destructionRecordValues(FIELD_DATA);

  it('reads the record from the job', () => {
    expect(values).toMatchObject({ dateTransfer: '03/01/2026', dateReceived: '03/02/2026', dateDestroyed: '', disposalMethod: 'Incineration', transferWitness1: 'Maria Lopez' });
  });

  it('sends only what changed, trimmed, "" for an emptied field', () => {
    expect(changedFields(values, values)).toEqual({});
    expect(changedFields(values, { ...values, dateDestroyed: ' 03/10/2026 ', transferWitness1: '' })).toEqual({
      'Date Destroyed': '03/10/2026',
      'Transfer Witness 1 Full Name': '',
    });
  });

  it('checks the rules before sending, in the server’s words', () => {
    expect(destructionRecordFormProblems({ ...values, dateDestroyed: '03/10/2026' }, '2026-03-15')).toEqual([]);
    expect(destructionRecordFormProblems({ ...values, dateDestroyed: '03/01/2026' }, '2026-03-15')).toEqual(['Date Destroyed cannot be before Date Received']);
    expect(destructionRecordFormProblems({ ...values, dateReceived: '2026-03-02' }, '2026-03-15')).toEqual(['Date Received must be a date as MM/DD/YYYY']);
    expect(destructionRecordFormProblems({ ...values, dateDestroyed: '03/20/2026' }, '2026-03-15')).toEqual(['Date Destroyed cannot be in the future']);
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
        fieldData: { 'Registrant Name': 'Riverbend', 'DEA Registration Number': 'RR4830178', 'Address Line 1': '', 'Address Line 2': '', City: 'Columbus', State: 'OH', ZIP: '43219', Telephone: '', 'Contact Name': '', 'DEA Regional Number': '', 'ARCOS Reporting': 'quarterly' },
      },
    ],
  };

  it('reads the record and refuses a malformed answer', () => {
    const record = settingsRecordFrom(answer);
    expect(record.modId).toBe('3');
    expect(record.values).toMatchObject({ registrantName: 'Riverbend', deaNumber: 'RR4830178', city: 'Columbus' });
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
