import { describe, expect, it } from 'vitest';
import type { RecordData } from '../src/lib/records/record-shapes.ts';
import { formRegistrationFind } from '../src/features/order-forms/api/form-registrations.ts';
import {
  canAddLine,
  changeBody,
  draftErrors,
  draftOf,
  emptyLine,
  fieldOfProblem,
  hasErrors,
  kindOfText,
  linesToSend,
  newBody,
  newDraft,
  orderFormView,
  STATUS_CHANGE_WORDS,
  statusChangedMessage,
  statusColor,
  tradeNameOfOption,
  type OrderFormDraft,
} from '../src/features/order-forms/order-form-model.ts';

function record(fieldData: RecordData['fieldData'] = {}, lines: RecordData['portalData']['Line'] = []): RecordData {
  return {
    recordId: '7',
    modId: '3',
    fieldData: {
      'Order Form ID': 7,
      'Form Number': '231456789',
      'Form Kind': 'Paper',
      'Issue Date': '01/01/2026',
      'Valid Until': '03/02/2026',
      Status: 'Issued',
      'Status Code': 'issued',
      'Status Reason': '',
      'Registration ID': 12,
      'Registration Number': 'BR1234563',
      'Company ID': 4,
      'Company Name': 'Riverside Community Pharmacy',
      Note: '',
      ...fieldData,
    },
    portalData: { Line: lines },
    portalDataInfo: [{ portalObjectName: 'Line', foundCount: lines.length, returnedCount: lines.length }],
  };
}

const LINES = [
  { 'Line::Line': 1, 'Line::NDC': '00406-0552-01', 'Line::Item': 'OXYCODONE HCL 5 MG', 'Line::Packages': 2, 'Line::Package Size': '100 tablets', 'Line::Packages Received': 1, 'Line::Date Received': '03/02/2026' },
  { 'Line::Line': 2, 'Line::NDC': '', 'Line::Item': 'Fentanyl vials', 'Line::Packages': 1, 'Line::Package Size': '', 'Line::Packages Received': 0, 'Line::Date Received': '' },
];

/** The same lines before anything arrived on them. */
const AWAITED = LINES.map((line) => ({ ...line, 'Line::Packages Received': 0, 'Line::Date Received': '' }));

describe('a Form 222 as its screen shows it', () => {
  it('reads the form, its lines and the changes its state offers', () => {
    expect(orderFormView(record({}, AWAITED), '2026-02-01').changes).toEqual(['executed', 'void', 'lost']);
    const view = orderFormView(record({}, LINES), '2026-02-01');
    expect(view).toMatchObject({
      id: '7',
      modId: '3',
      number: '231456789',
      kind: 'paper',
      status: 'issued',
      expired: false,
      validityText: 'Valid until 03/02/2026 (29 days left)',
      registrationId: '12',
      companyName: 'Riverside Community Pharmacy',
    });
    expect(view.lines).toEqual([
      { lineNo: 1, ndc: '00406-0552-01', item: 'OXYCODONE HCL 5 MG', packages: '2', packageSize: '100 tablets', received: '1', dateReceived: '03/02/2026' },
      { lineNo: 2, ndc: '', item: 'Fentanyl vials', packages: '1', packageSize: '', received: '0', dateReceived: '' },
    ]);
    expect(view.jobs).toEqual([]);
  });

  it('reads the jobs goods arrived with, and their Digital 222 links', () => {
    const withJobs = record({}, LINES);
    withJobs.portalData.Job = [
      { 'Job::Job ID': 48, 'Job::Job Name': 'Annual return', 'Job::Date Received': '03/02/2026', 'Job::Line Items': 2, 'Job::Packages': 1, 'Job::Digital 222 Files': '/3ds/api/files/x/222.pdf?sig=1' },
      { 'Job::Job ID': 52, 'Job::Job Name': 'Second pickup', 'Job::Date Received': '', 'Job::Line Items': 1, 'Job::Packages': 1, 'Job::Digital 222 Files': '' },
    ];
    // Goods arrived on line 1: the form is no longer offered Void or Lost.
    expect(orderFormView(record({ 'Status Code': 'executed' }, LINES), '2026-02-01').changes).toEqual([]);
    expect(orderFormView(withJobs, '2026-02-01').jobs).toEqual([
      { id: '48', name: 'Annual return', dateReceived: '03/02/2026', items: '2', packages: '1', digital222: '/3ds/api/files/x/222.pdf?sig=1' },
      { id: '52', name: 'Second pickup', dateReceived: '', items: '1', packages: '1', digital222: '' },
    ]);
  });

  it('says an open form past its 60 days is expired, and a void or lost one offers nothing', () => {
    expect(orderFormView(record({ Status: 'Executed, expired', 'Status Code': 'executed' }), '2026-03-03')).toMatchObject({
      expired: true,
      changes: ['void', 'lost'],
      validityText: 'Expired on 03/03/2026: valid until 03/02/2026, 60 days from issue',
    });
    const voided = orderFormView(record({ Status: 'Void', 'Status Code': 'void' }), '2026-05-01');
    expect(voided).toMatchObject({ expired: false, changes: [], validityText: '' });
    expect(orderFormView(record({ 'Status Code': 'received' }), '2026-01-02').changes).toEqual([]);
  });

  it('knows the kind from its shown text, and colours the status', () => {
    expect(kindOfText('Electronic (CSOS)')).toBe('electronic');
    expect(kindOfText('Paper')).toBe('paper');
    expect(kindOfText('Carbon')).toBeUndefined();
    expect(statusColor('Issued, expired')).toBe('red');
    expect(statusColor('Lost')).toBe('red');
    expect(statusColor('Void')).toBe('gray');
    expect(statusColor('Executed')).toBe('teal');
    expect(statusColor('Issued')).toBe('blue');
  });
});

describe('the New and Edit dialogs', () => {
  const filled = (update: Partial<OrderFormDraft> = {}): OrderFormDraft => ({
    ...newDraft('2026-02-01', '12'),
    formNumber: '231456789',
    lines: [
      { ...emptyLine(), ndc: '00406-0552-01', item: 'OXYCODONE HCL 5 MG', packages: '2', packageSize: '100 tablets' },
      { ...emptyLine(), item: 'Fentanyl vials', packages: '1' },
    ],
    ...update,
  });

  it('starts a new form today, paper, with one empty line', () => {
    const draft = newDraft('2026-02-01');
    expect(draft).toMatchObject({ registrationId: null, formNumber: '', formKind: 'paper', issuedOn: '02/01/2026', note: '' });
    expect(draft.lines).toHaveLength(1);
    expect(canAddLine(draft)).toBe(true);
    expect(canAddLine({ ...draft, lines: Array.from({ length: 20 }, emptyLine) })).toBe(false);
  });

  it('sends the lines numbered as shown, blank ones left out', () => {
    const draft = filled({ lines: [filled().lines[0]!, emptyLine(), filled().lines[1]!] });
    expect(linesToSend(draft)).toEqual([
      { lineNo: 1, ndc: '00406-0552-01', item: 'OXYCODONE HCL 5 MG', packages: 2, packageSize: '100 tablets' },
      { lineNo: 3, ndc: null, item: 'Fentanyl vials', packages: 1, packageSize: null },
    ]);
    expect(newBody(filled({ note: '  Annual return ' }))).toEqual({
      registrationId: 12,
      formNumber: '231456789',
      formKind: 'paper',
      issuedOn: '02/01/2026',
      note: 'Annual return',
      lines: linesToSend(filled()),
    });
  });

  it('finds, before sending, what the server would refuse, in its words, beside each field', () => {
    expect(hasErrors(draftErrors(filled(), '2026-02-01', 'new'))).toBe(false);
    const errors = draftErrors(
      filled({ registrationId: null, formNumber: '12345', issuedOn: '02/02/2026', lines: [{ ...emptyLine(), packages: '2.5', item: 'x' }, { ...emptyLine(), packages: '1' }] }),
      '2026-02-01',
      'new',
    );
    expect(errors).toMatchObject({
      registration: 'Choose the client registration the form is issued to.',
      formNumber: 'Form 222 number 12345 must be 9 digits (paper) or like 26X123456 (electronic).',
      issuedOn: 'Issue Date 02/02/2026 is after today: enter the day the form was issued.',
      lineProblems: ['Line 1: Packages must be a whole number from 1 to 999,999.', "Line 2: give the item's NDC, or describe the item."],
    });
    // The edit dialog neither chooses a registration nor changes the issue date.
    expect(draftErrors(filled({ registrationId: null, issuedOn: 'x' }), '2026-02-01', 'edit')).toEqual({});
  });

  it('edits what the form holds, sending its number and kind only while it is issued, with its modId', () => {
    const view = orderFormView(record({}, LINES), '2026-02-01');
    const draft = draftOf(view);
    expect(draft).toMatchObject({ registrationId: '12', formNumber: '231456789', formKind: 'paper', issuedOn: '01/01/2026' });
    expect(linesToSend(draft)).toEqual([
      { lineNo: 1, ndc: '00406-0552-01', item: 'OXYCODONE HCL 5 MG', packages: 2, packageSize: '100 tablets' },
      { lineNo: 2, ndc: null, item: 'Fentanyl vials', packages: 1, packageSize: null },
    ]);
    expect(changeBody(draft, view)).toEqual({ formNumber: '231456789', formKind: 'paper', note: '', lines: linesToSend(draft), modId: '3' });
    const executed = orderFormView(record({ 'Status Code': 'executed' }, LINES), '2026-02-01');
    expect(changeBody(draftOf(executed), executed)).not.toHaveProperty('formNumber');
  });

  it("takes an NDC option's trade name as the item", () => {
    expect(tradeNameOfOption('00406-0552-01 — OXYCODONE HCL 5 MG (Sch 2)')).toBe('OXYCODONE HCL 5 MG');
    expect(tradeNameOfOption('00406-0552-01 — OXYCODONE HCL 5 MG')).toBe('OXYCODONE HCL 5 MG');
    expect(tradeNameOfOption('00406-0552-01')).toBe('');
  });

  it("puts the server's refusals beside their fields", () => {
    expect(fieldOfProblem('Line 2: Packages must be a whole number from 1 to 999,999.')).toBe('lines');
    expect(fieldOfProblem('Form 222 231456789 is already in the register: form 4, issued 02/03/2026 to BR1234563.')).toBe('formNumber');
    expect(fieldOfProblem('Form 222 number 12345 must be 9 digits (paper) or like 26X123456 (electronic).')).toBe('formNumber');
    expect(fieldOfProblem('Registration BR1234563 is not registered for Schedule 2 or 2N: …')).toBe('registration');
    expect(fieldOfProblem('Issue Date must be a date as MM/DD/YYYY.')).toBe('issuedOn');
    expect(fieldOfProblem('Something else')).toBeUndefined();
  });
});

describe('status changes', () => {
  it('asks for a reason to void a form or call it lost, not to execute it', () => {
    expect(STATUS_CHANGE_WORDS.void('231456789')).toMatchObject({ button: 'Void', title: 'Void Form 222 231456789', needsReason: true, confirm: 'Void Form', danger: true });
    expect(STATUS_CHANGE_WORDS.lost('231456789').question).toMatch(/1305\.16/);
    expect(STATUS_CHANGE_WORDS.executed('231456789')).toMatchObject({ button: 'Executed', needsReason: false });
    expect(statusChangedMessage('231456789', 'void')).toBe('Form 222 231456789 is void.');
    expect(statusChangedMessage('231456789', 'executed')).toBe('Form 222 231456789 is executed.');
  });
});

describe('the registrations a form is issued to', () => {
  it("are the New Job dialog's current DEA registrations holding Schedule 2, or 2N", () => {
    const find = formRegistrationFind('2026-02-01');
    expect(find).toHaveLength(2);
    expect(find.map((r) => r.criteria)).toEqual([
      expect.objectContaining({ 'Expiration Date': '>=02/01/2026', 'Schedule 2': 'Yes' }),
      expect.objectContaining({ 'Expiration Date': '>=02/01/2026', 'Schedule 2N': 'Yes' }),
    ]);
    expect(find.every((r) => !r.omit)).toBe(true);
  });
});
