import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  formKindOfNumber,
  formNumberProblem,
  isFinalOrderFormStatus,
  mayPerform,
  missingPrivilegeMessage,
  normalFormNumber,
  ORDER_FORM_MESSAGES,
  orderFormEditRefusal,
  orderFormExecutionProblem,
  orderFormNoteProblem,
  orderFormReasonProblem,
  orderFormRegistrationProblem,
  orderFormStatusChanges,
  orderFormStatusText,
  orderFormTransitionRefusal,
  orderFormValidity,
  orderFormValidityText,
  orderFormValidUntil,
  readIssueDate,
  readOrderFormLines,
  type OrderFormLineInput,
} from '../../src/index.ts';

describe('a Form 222 number', () => {
  it('is 9 digits on a paper form', () => {
    expect(formNumberProblem('paper', '231456789')).toBeUndefined();
    expect(formNumberProblem('paper', ' 231456789 ')).toBeUndefined();
    expect(formNumberProblem('paper', '12345')).toBe('Form 222 number 12345 must be 9 digits (paper) or like 26X123456 (electronic).');
    expect(formNumberProblem('paper', '2314567890')).toBe('Form 222 number 2314567890 must be 9 digits (paper) or like 26X123456 (electronic).');
    expect(formNumberProblem('paper', '231-456-789')).toMatch(/must be 9 digits/);
  });

  it('is the year, X and six letters or digits on an electronic (CSOS) order, in capitals', () => {
    expect(formNumberProblem('electronic', '26X123456')).toBeUndefined();
    expect(formNumberProblem('electronic', '26xab12c4')).toBeUndefined();
    expect(normalFormNumber(' 26xab12c4 ')).toBe('26XAB12C4');
    expect(formNumberProblem('electronic', '26Y123456')).toMatch(/must be 9 digits \(paper\) or like 26X123456/);
    expect(formNumberProblem('electronic', '26X12345')).toMatch(/must be 9 digits/);
  });

  it('says when the number is of the other kind, and what to do', () => {
    expect(formNumberProblem('paper', '26X123456')).toBe(ORDER_FORM_MESSAGES.paperGivenElectronic('26X123456'));
    expect(formNumberProblem('paper', '26X123456')).toMatch(/choose Electronic/);
    expect(formNumberProblem('electronic', '123456789')).toMatch(/is a paper form's number, but the form is marked Electronic: choose Paper/);
  });

  it('asks for a number, and a kind it knows', () => {
    expect(formNumberProblem('paper', '  ')).toBe(ORDER_FORM_MESSAGES.numberMissing);
    expect(formNumberProblem('carbon', '123456789')).toBe('Kind must be paper or electronic.');
    expect(formNumberProblem('paper', '9'.repeat(200))).toMatch(/^Form 222 number 9{40}… must be/);
  });

  it('tells a kind from the shape of a number', () => {
    expect(formKindOfNumber('123456789')).toBe('paper');
    expect(formKindOfNumber('26x123456')).toBe('electronic');
    expect(formKindOfNumber('1234')).toBeUndefined();
  });
});

describe('the issue date and the 60 days', () => {
  it('reads the issue date as MM/DD/YYYY, not after today', () => {
    expect(readIssueDate('03/02/2026', '2026-03-10')).toEqual({ iso: '2026-03-02' });
    expect(readIssueDate('03/10/2026', '2026-03-10')).toEqual({ iso: '2026-03-10' });
    expect(readIssueDate('2026-03-02', '2026-03-10')).toEqual({ problem: 'Issue Date must be a date as MM/DD/YYYY.' });
    expect(readIssueDate('02/30/2026', '2026-03-10')).toEqual({ problem: 'Issue Date must be a date as MM/DD/YYYY.' });
    expect(readIssueDate('03/11/2026', '2026-03-10')).toEqual({ problem: 'Issue Date 03/11/2026 is after today: enter the day the form was issued.' });
  });

  it('is valid until 60 days after its issue, and expired the day after', () => {
    expect(orderFormValidUntil('2026-01-01')).toBe('2026-03-02');
    expect(orderFormValidUntil('2024-01-01')).toBe('2024-03-01');
    expect(orderFormValidity('2026-01-01', '2026-01-01')).toEqual({ validUntil: '2026-03-02', expired: false, daysLeft: 60 });
    expect(orderFormValidity('2026-01-01', '2026-03-02')).toEqual({ validUntil: '2026-03-02', expired: false, daysLeft: 0 });
    expect(orderFormValidity('2026-01-01', '2026-03-03')).toEqual({ validUntil: '2026-03-02', expired: true, daysLeft: -1 });
  });

  it('says how long a form stays valid, and since when it is expired', () => {
    expect(orderFormValidityText('2026-01-01', '2026-02-28')).toBe('Valid until 03/02/2026 (2 days left)');
    expect(orderFormValidityText('2026-01-01', '2026-03-01')).toBe('Valid until 03/02/2026 (1 day left)');
    expect(orderFormValidityText('2026-01-01', '2026-03-02')).toBe('Valid until today (03/02/2026)');
    expect(orderFormValidityText('2026-01-01', '2026-04-10')).toBe('Expired on 03/03/2026: valid until 03/02/2026, 60 days from issue');
  });

  it('shows the status, with ", expired" on a form still awaiting its goods past its 60 days', () => {
    expect(orderFormStatusText('issued', '2026-01-01', '2026-03-02')).toBe('Issued');
    expect(orderFormStatusText('issued', '2026-01-01', '2026-03-03')).toBe('Issued, expired');
    expect(orderFormStatusText('executed', '2026-01-01', '2026-01-05')).toBe('Executed');
    expect(orderFormStatusText('executed', '2026-01-01', '2026-05-05')).toBe('Executed, expired');
    expect(orderFormStatusText('void', '2026-01-01', '2026-05-05')).toBe('Void');
    expect(orderFormStatusText('lost', '2026-01-01', '2026-01-02')).toBe('Lost');
  });
});

describe('the lines of a form', () => {
  const line = (extra: Partial<OrderFormLineInput> = {}): OrderFormLineInput => ({ lineNo: 1, ndc: '00406-0552-01', packages: 2, packageSize: '100 tablets', ...extra });

  it('stores each line with its NDC as the dictionary writes it, in line order', () => {
    const read = readOrderFormLines([
      line({ lineNo: 2, ndc: '0406-0552-01', item: ' Oxycodone HCl 5 mg ' }),
      line({ lineNo: 1, ndc: '00406055201', packages: 1, packageSize: '' }),
      line({ lineNo: 3, ndc: '12345-0001-**', item: 'Oxycodone powder', packageSize: '1 kg' }),
    ]);
    expect(read).toEqual({
      lines: [
        { lineNo: 1, ndc: '00406-0552-01', item: null, packages: 1, packageSize: null },
        { lineNo: 2, ndc: '00406-0552-01', item: 'Oxycodone HCl 5 mg', packages: 2, packageSize: '100 tablets' },
        { lineNo: 3, ndc: '12345-0001-**', item: 'Oxycodone powder', packages: 2, packageSize: '1 kg' },
      ],
    });
  });

  it('takes a described item without an NDC, and no lines at all', () => {
    expect(readOrderFormLines([line({ ndc: null, item: 'Fentanyl citrate vials, unlabelled' })])).toEqual({
      lines: [{ lineNo: 1, ndc: null, item: 'Fentanyl citrate vials, unlabelled', packages: 2, packageSize: '100 tablets' }],
    });
    expect(readOrderFormLines([])).toEqual({ lines: [] });
  });

  it('has at most 20 lines, each numbered 1 to 20 once (21 CFR 1305.12(b))', () => {
    const many = Array.from({ length: 21 }, (_, i) => line({ lineNo: i + 1 }));
    expect(readOrderFormLines(many)).toEqual({ problems: ['A Form 222 has 20 lines; this one lists 21. Put the rest on another form.'] });
    expect(readOrderFormLines(many.slice(0, 20))).toHaveProperty('lines');
    expect(readOrderFormLines([line({ lineNo: 21 }), line({ lineNo: 0 }), line({ lineNo: 1.5 }), line({ lineNo: '2' })])).toEqual({
      problems: [
        'Line 1 of the list: its line number (21) must be a whole number from 1 to 20.',
        'Line 2 of the list: its line number (0) must be a whole number from 1 to 20.',
        'Line 3 of the list: its line number (1.5) must be a whole number from 1 to 20.',
        'Line 4 of the list: its line number (2) must be a whole number from 1 to 20.',
      ],
    });
    expect(readOrderFormLines([line(), line()])).toEqual({ problems: ['Line 1 is listed twice: only one item may be entered on each numbered line (21 CFR 1305.12(b)).'] });
  });

  it('orders a whole number of packages above 0', () => {
    for (const packages of [0, -1, 1.5, '3', null, Number.NaN, 1_000_000]) {
      expect(readOrderFormLines([line({ packages })]), String(packages)).toEqual({ problems: ['Line 1: Packages must be a whole number from 1 to 999,999.'] });
    }
    expect(readOrderFormLines([line({ packages: 999_999 })])).toHaveProperty('lines');
  });

  it('names the item by an NDC the NDC reader reads as one NDC, or by a description', () => {
    expect(readOrderFormLines([line({ ndc: '', item: '' })])).toEqual({ problems: ["Line 1: give the item's NDC, or describe the item."] });
    expect(readOrderFormLines([line({ ndc: 'oxycodone' })])).toEqual({
      problems: ['Line 1: "oxycodone" is not an NDC or a barcode 3DS reads: an NDC has 10 or 11 digits (with or without hyphens).'],
    });
    expect(readOrderFormLines([line({ ndc: '0406055201' })])).toEqual({
      problems: ['Line 1: NDC 0406055201 has 10 digits, which can be read three ways: write it with its hyphens (as on the package) or as the 11-digit NDC.'],
    });
    expect(readOrderFormLines([line({ ndc: '3DS-LI-12' })])).toEqual({ problems: ['Line 1: "3DS-LI-12" is a 3DS label, not an NDC.'] });
    expect(readOrderFormLines([line({ ndc: '1-2-3' })])).toHaveProperty('problems');
  });

  it('keeps the item and package size to one printed line', () => {
    expect(readOrderFormLines([line({ item: 'two\nlines' })])).toEqual({ problems: ['Line 1: Item must be one line of text, without line breaks, tabs or other control characters'] });
    expect(readOrderFormLines([line({ packageSize: 'x'.repeat(61) })])).toEqual({ problems: ['Line 1: Package Size can be at most 60 characters'] });
    expect(readOrderFormLines([line({ item: 'Oxy\u202Ecodone' })])).toEqual({
      problems: ['Line 1: Item holds an invisible or text-direction character (U+202E): type it again without it, so that what is printed is what is stored'],
    });
  });

  it('names every line at fault', () => {
    const read = readOrderFormLines([line({ lineNo: 1, packages: 0 }), line({ lineNo: 2, ndc: 'x' }), line({ lineNo: 3 })]);
    expect(read).toEqual({ problems: [expect.stringMatching(/^Line 1: Packages/), expect.stringMatching(/^Line 2: "x" is not an NDC/)] });
  });
});

describe('a note', () => {
  it('may hold several lines, but no other control or invisible characters, up to 2000 characters', () => {
    expect(orderFormNoteProblem('Two bottles\nand a vial')).toBeUndefined();
    expect(orderFormNoteProblem('Windows\r\nline')).toBeUndefined();
    expect(orderFormNoteProblem('tab\there')).toBe('Note may hold line breaks, but no tabs or other control characters.');
    expect(orderFormNoteProblem('x'.repeat(2001))).toBe('Note can be at most 2000 characters.');
    expect(orderFormNoteProblem('a\u200Bb')).toMatch(/^Note holds an invisible or text-direction character \(U\+200B\)/);
  });
});

describe('status changes', () => {
  it('lets an issued form be executed, voided or lost; an executed one voided or lost; void and lost are final', () => {
    expect(orderFormStatusChanges('issued')).toEqual(['executed', 'void', 'lost']);
    expect(orderFormStatusChanges('executed')).toEqual(['void', 'lost']);
    expect(orderFormStatusChanges('void')).toEqual([]);
    expect(orderFormStatusChanges('lost')).toEqual([]);
    expect(isFinalOrderFormStatus('void')).toBe(true);
    expect(isFinalOrderFormStatus('executed')).toBe(false);
  });

  it('refuses the others, saying why', () => {
    expect(orderFormTransitionRefusal('231456789', 'issued', 'executed')).toBeUndefined();
    expect(orderFormTransitionRefusal('231456789', 'executed', 'void')).toBeUndefined();
    expect(orderFormTransitionRefusal('231456789', 'executed', 'executed')).toBe('Form 222 231456789 is already executed.');
    expect(orderFormTransitionRefusal('231456789', 'void', 'executed')).toBe('Form 222 231456789 is void: a void form is kept as it is and never used again. Issue a new form.');
    expect(orderFormTransitionRefusal('231456789', 'lost', 'void')).toMatch(/^Form 222 231456789 is lost: .*1305\.16/);
  });

  it('executes a form that lists a line and is within its 60 days', () => {
    expect(orderFormExecutionProblem('231456789', 2, '2026-01-01', '2026-03-02')).toBeUndefined();
    expect(orderFormExecutionProblem('231456789', 0, '2026-01-01', '2026-01-02')).toBe(
      'Form 222 231456789 lists no item: a form is executed with at least one line completed (21 CFR 1305.12(b)). Add its lines first.',
    );
    expect(orderFormExecutionProblem('231456789', 1, '2026-01-01', '2026-03-03')).toBe(
      'Form 222 231456789 was valid until 03/02/2026 (60 days from its issue) and is expired: it is not executed now. Void it and issue a new form.',
    );
  });

  it('needs a reason to void a form or call it lost, on one line', () => {
    expect(orderFormReasonProblem('231456789', 'void', '')).toBe('Say why Form 222 231456789 is void: the reason is kept with the form.');
    expect(orderFormReasonProblem('231456789', 'lost', '  ')).toBe('Say why Form 222 231456789 is lost: the reason is kept with the form.');
    expect(orderFormReasonProblem('231456789', 'void', 'Misprinted quantity on line 2')).toBeUndefined();
    expect(orderFormReasonProblem('231456789', 'executed', undefined)).toBeUndefined();
    expect(orderFormReasonProblem('231456789', 'void', 'a\nb')).toMatch(/one line of text/);
    expect(orderFormReasonProblem('231456789', 'void', 'x'.repeat(501))).toBe('The reason can be at most 500 characters.');
  });

  it('keeps a void or lost form as it is, and the number and kind of an executed one', () => {
    expect(orderFormEditRefusal('231456789', 'issued', { numberOrKind: true })).toBeUndefined();
    expect(orderFormEditRefusal('231456789', 'executed', { numberOrKind: false })).toBeUndefined();
    expect(orderFormEditRefusal('231456789', 'executed', { numberOrKind: true })).toBe(
      'Form 222 231456789 is executed: its number and kind are those of the signed form and no longer change. Void it and issue a new form if they are wrong.',
    );
    expect(orderFormEditRefusal('231456789', 'void', { numberOrKind: false })).toMatch(/is void/);
  });

  it('is for those who may unlock a job; issuing and editing for those who make jobs', () => {
    expect(ACTIONS['order-form.issue'].privilege).toBe('CREATE_JOB');
    expect(ACTIONS['order-form.edit'].privilege).toBe('CREATE_JOB');
    expect(ACTIONS['order-form.void'].privilege).toBe('UNLOCK_JOB');
    expect(mayPerform(['CREATE_JOB'], 'order-form.void')).toBe(false);
    expect(missingPrivilegeMessage('order-form.void')).toBe('You do not have the UNLOCK_JOB privilege needed to mark a Form 222 executed, void or lost.');
  });
});

describe('the client registration a form names', () => {
  const registration = { registrationNumber: 'BA1234563', licenseType: 'Federal', schedules: ['2', '3'], expirationDate: '2027-01-31' };

  it('is a current DEA registration registered for Schedule 2 or 2N', () => {
    expect(orderFormRegistrationProblem(registration, '2026-03-01')).toBeUndefined();
    expect(orderFormRegistrationProblem({ ...registration, schedules: ['2N'] }, '2026-03-01')).toBeUndefined();
    expect(orderFormRegistrationProblem({ ...registration, expirationDate: null }, '2026-03-01')).toBeUndefined();
    expect(orderFormRegistrationProblem({ ...registration, schedules: ['3', '4'] }, '2026-03-01')).toMatch(/^Registration BA1234563 is not registered for Schedule 2 or 2N: /);
    expect(orderFormRegistrationProblem({ ...registration, licenseType: 'State' }, '2026-03-01')).toMatch(/^Registration BA1234563 is a State licence, not a DEA registration/);
    expect(orderFormRegistrationProblem({ ...registration, registrationNumber: 'BA1234567' }, '2026-03-01')).toMatch(/^Registration BA1234567 does not hold a valid DEA number/);
    expect(orderFormRegistrationProblem(registration, '2027-02-01')).toBe('Registration BA1234563 expired on 01/31/2027: a Form 222 is issued to a current registration only.');
  });

  it('is named with its client when its number is in the register already', () => {
    expect(ORDER_FORM_MESSAGES.duplicate('231456789', { id: 4, issuedOn: '2026-02-03', registrationNumber: 'BA1234563', companyName: 'Riverside Pharmacy' })).toBe(
      'Form 222 231456789 is already in the register: form 4, issued 02/03/2026 to BA1234563 (Riverside Pharmacy). A form number is used once.',
    );
  });
});
