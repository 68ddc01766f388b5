import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api-error.ts';
import { createJobBody } from '../src/components/new-job/api/create-job.ts';
import {
  activeDeaRegistrations,
  companyContacts,
  labelerCodes,
  reportTypesOf,
} from '../src/features/companies/company-detail.ts';
import { pictureFormData } from '../src/features/registrations/api/upload-registration-picture.ts';
import {
  agencyOf,
  fileSizeText,
  PICTURE_MESSAGES,
  pictureRejectionMessage,
  registrationJobs,
  registrationOrderForms,
  scheduleFlags,
  uploadFailureMessage,
} from '../src/features/registrations/registration-detail.ts';
import { exportReportBody, reportFailureMessage } from '../src/features/reports/api/export-report.ts';

const DEA = 'Drug Enforcement Administration';

function registrationRow(id: number, number: string, expiration: string, agency = DEA, license = 'Federal') {
  return {
    recordId: String(id),
    modId: '0',
    'Registration::Record_Number_PK_ID': id,
    'Registration::Registration Number': number,
    'Registration::Expiration Date': expiration,
    'Registration::Federal Agency': agency,
    'Registration::Federal/State License': license,
    'Registration::Activity': 'A - Pharmacy',
  };
}

describe('company report types', () => {
  it.each([
    ['41\rManifest\rSee Notes\rCOD', ['41', 'Manifest', 'See Notes', 'COD']],
    ['LDR', ['LDR']],
    ['41\r\nLDR', ['41', 'LDR']],
    ['cod\n see notes ', ['See Notes', 'COD']],
    ['Unknown\r41', ['41']],
    ['', []],
  ])('%j → %j', (value, expected) => {
    expect(reportTypesOf(value)).toEqual(expected);
  });

  it('reads nothing from a missing or numeric field', () => {
    expect(reportTypesOf(undefined)).toEqual([]);
    expect(reportTypesOf(null)).toEqual([]);
    expect(reportTypesOf(41)).toEqual([]);
  });
});

describe('a company’s registrations for new jobs', () => {
  const today = '2026-11-21';

  it('keeps only DEA registrations that have not expired, in the server’s order', () => {
    const rows = [
      registrationRow(3, 'PN3974145', '06/06/2029'),
      registrationRow(5, 'NJ-MFG-227303', '10/06/2028', '', 'State'),
      registrationRow(1, 'RN6152867', '12/24/2027'),
      registrationRow(6, 'RH6407197', '06/06/2024'),
      registrationRow(7, 'XX0000000', '12/24/2027', 'Some Other Agency'),
    ];
    expect(activeDeaRegistrations(rows, today).map((r) => r.number)).toEqual(['PN3974145', 'RN6152867']);
  });

  it('counts today as not expired and tags the next 60 days as almost expired', () => {
    const rows = [
      registrationRow(1, 'A', '11/21/2026'),
      registrationRow(2, 'B', '11/20/2026'),
      registrationRow(3, 'C', '01/20/2027'),
      registrationRow(4, 'D', '01/21/2027'),
    ];
    expect(activeDeaRegistrations(rows, today).map((r) => [r.number, r.expiry])).toEqual([
      ['A', 'almost-expired'],
      ['C', 'almost-expired'],
      ['D', 'current'],
    ]);
  });

  it('keeps a registration without a date (not known to be expired) and forgives the agency’s case', () => {
    const rows = [registrationRow(9, 'E', '', 'drug enforcement administration')];
    expect(activeDeaRegistrations(rows, today)).toEqual([
      { id: '9', number: 'E', licenseType: 'Federal', activity: 'A - Pharmacy', expiration: '', expiry: 'unknown' },
    ]);
  });
});

describe('company contacts and labeler codes', () => {
  it('joins the names and the phone with its extension', () => {
    const contacts = companyContacts([
      {
        recordId: '1',
        'Contacts_Info::Contact First Name': 'Jamie',
        'Contacts_Info::Contact Last Name': 'Dawson',
        'Contacts_Info::Title': 'DEA Compliance Manager',
        'Contacts_Info::City': 'Plainsboro',
        'Contacts_Info::Direct Phone Mask': '(609) 555-0173',
        'Contacts_Info::Extension': '12',
      },
      { recordId: '2', 'Contacts_Info::Contact Last Name': 'Solo', 'Contacts_Info::Direct Phone Mask': '', 'Contacts_Info::Extension': '' },
    ]);
    expect(contacts).toEqual([
      { id: '1', name: 'Jamie Dawson', title: 'DEA Compliance Manager', city: 'Plainsboro', phone: '(609) 555-0173 ext. 12' },
      { id: '2', name: 'Solo', title: '', city: '', phone: '' },
    ]);
  });

  it('lists each labeler code once', () => {
    const rows = ['71842', '71843', '71842', ''].map((code) => ({ 'Labeler_Codes::Labeler Code': code }));
    expect(labelerCodes(rows)).toEqual(['71842', '71843']);
  });
});

describe('creating a job', () => {
  it('sends the registration record id and the trimmed name', () => {
    expect(createJobBody({ registrationId: '12', jobName: '  Spring destruction ' })).toEqual({
      fieldData: { _fkRegistration_Record_Number: '12', 'Job Name': 'Spring destruction' },
    });
  });
});

describe('registration detail', () => {
  it('reads the twelve CSA schedule flags in order', () => {
    const flags = scheduleFlags({ 'Schedule 1': 'No', 'Schedule 2N': 'Yes', 'Schedule NC': 'yes', 'Schedule LC': '' });
    expect(flags.map((f) => f.schedule)).toEqual(['1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N', 'LC', 'NC']);
    expect(Object.fromEntries(flags.map((f) => [f.schedule, f.held]))).toMatchObject({ '1': false, '2N': true, NC: true, LC: null, '5': null });
  });

  it.each([
    [{ 'Federal/State License': 'Federal', 'Federal Agency': 'DEA', 'State Agency': 'NJ Board', Agency: 'x' }, 'DEA'],
    [{ 'Federal/State License': 'State', 'Federal Agency': '', 'State Agency': 'NJ Board', Agency: 'x' }, 'NJ Board'],
    [{ 'Federal/State License': '', 'Federal Agency': 'DEA', 'State Agency': 'NJ Board', Agency: 'x' }, 'x'],
    [{ 'Federal/State License': 'State', 'State Agency': '', Agency: 'fallback' }, 'fallback'],
  ])('the agency of %j is %j', (fieldData, expected) => {
    expect(agencyOf(fieldData)).toBe(expected);
  });

  it('reads the job portal', () => {
    expect(
      registrationJobs([
        { recordId: '123', 'Job::__PKJobID': 123, 'Job::Job Name': 'Q4', 'Job::Date Job Initiated': '11/01/2026', 'Job::Locked Job': 'Yes' },
        { recordId: '', 'Job::__PKJobID': '' },
      ]),
    ).toEqual([{ id: '123', name: 'Q4', initiated: '11/01/2026', locked: true }]);
  });

  it('reads the Form 222s issued to it', () => {
    expect(
      registrationOrderForms([
        { recordId: '7', 'Order Form::Order Form ID': 7, 'Order Form::Form Number': '231456789', 'Order Form::Issue Date': '11/02/2026', 'Order Form::Status': 'Partly received' },
        { recordId: '', 'Order Form::Order Form ID': '' },
      ]),
    ).toEqual([{ id: '7', number: '231456789', issuedOn: '11/02/2026', status: 'Partly received' }]);
  });
});

describe('registration picture upload', () => {
  it('says the spec’s words for what the drop area refuses', () => {
    expect(pictureRejectionMessage([{ errors: [{ code: 'file-invalid-type' }] }])).toBe('You may only upload images');
    expect(pictureRejectionMessage([{ errors: [{ code: 'file-too-large' }] }])).toBe('Update Failed: The file is larger than 0.5 MB.');
    expect(pictureRejectionMessage([{ errors: [{ code: 'file-too-large' }, { code: 'file-invalid-type' }] }])).toBe(
      'You may only upload images',
    );
    expect(pictureRejectionMessage([{ errors: [{ code: 'too-many-files' }] }, { errors: [{ code: 'too-many-files' }] }])).toBe(
      PICTURE_MESSAGES.oneFile,
    );
  });

  it('puts the server’s reason after "Update Failed:"', () => {
    const refused = new ApiError({ status: 415, title: 'Unsupported Media Type', message: 'You may only upload images', code: 'UNSUPPORTED_MEDIA' });
    expect(uploadFailureMessage(refused)).toBe('Update Failed: You may only upload images');
    expect(uploadFailureMessage(new TypeError('boom'))).toMatch(/^Update Failed: /);
  });

  it('sends one part named "file"', () => {
    const form = pictureFormData(new File([new Uint8Array([1, 2, 3])], 'scan.png', { type: 'image/png' }));
    expect([...form.keys()]).toEqual(['file']);
    expect((form.get('file') as File).name).toBe('scan.png');
  });

  it.each([
    [512, '512 B'],
    [2048, '2 KB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(fileSizeText(bytes)).toBe(text);
  });
});

describe('report request', () => {
  it('sends the spec’s fields, trimmed, with showArcos as 0 or 1', () => {
    expect(
      exportReportBody({ registration: ' RN6152867 ', jobId: ' 123', containerName: '', showArcos: true, reportType: 'perNdc' }),
    ).toEqual({ registration: 'RN6152867', jobId: '123', containerName: '', showArcos: 1, reportType: 'perNdc' });
    expect(exportReportBody({ registration: 'R', jobId: '1', containerName: 'C1 ', showArcos: false, reportType: 'excelExport' })).toMatchObject({
      containerName: 'C1',
      showArcos: 0,
    });
  });

  it('shows the server’s reason, or the spec’s words when there is none to read', () => {
    const refused = new ApiError({ status: 422, title: 'Validation Failed', message: 'Job 5 does not belong to registration X.', code: 'VALIDATION_FAILED' });
    expect(reportFailureMessage(refused)).toBe('Job 5 does not belong to registration X.');
    const broken = new ApiError({ status: 500, title: 'Internal Server Error', message: 'Something went wrong', code: 'INTERNAL' });
    expect(reportFailureMessage(broken)).toBe('The report could not be generated at the moment');
    const offline = new ApiError({ status: 0, title: 'Network Error', message: 'The server could not be reached.', code: 'UNAVAILABLE' });
    expect(reportFailureMessage(offline)).toBe('The report could not be generated at the moment');
    expect(reportFailureMessage(new Error('unexpected shape'))).toBe('The report could not be generated at the moment');
  });
});
