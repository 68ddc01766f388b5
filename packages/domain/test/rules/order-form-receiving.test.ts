import { describe, expect, it } from 'vitest';
import {
  ORDER_FORM_MESSAGES,
  orderFormReceipt,
  orderFormStatusText,
  RECEIVED_FORM_MESSAGES,
  receivedLinesProblem,
  RECEIVING_MESSAGES,
  receivingProblem,
  travelsOnOrderForm,
  type ReceivedItem,
  type ReceivingForm,
} from '../../src/index.ts';

const form: ReceivingForm = {
  id: 7,
  number: '231456789',
  status: 'executed',
  issuedOn: '2026-01-10',
  registrationNumber: 'AB1234563',
  lines: [
    { lineNo: 1, ndc: '00406-0512-01', item: 'OXYCODONE HCL', packages: 3, received: 1 },
    { lineNo: 2, ndc: null, item: 'Morphine sulfate tablets, assorted', packages: 2, received: 0 },
  ],
};
const item: ReceivedItem = { ndc: '00406-0512-01', schedule: '2', packages: 2, registrationNumber: 'AB1234563', receivedOn: '2026-02-01' };

describe('receiving an item on a Form 222 line', () => {
  it('takes a Schedule I or II item on a line of an executed form of its client, within its 60 days, with packages left', () => {
    expect(receivingProblem('231456789', form, 1, item)).toBeUndefined();
    // A described line takes any NDC; the last valid day still takes goods.
    expect(receivingProblem('231456789', form, 2, { ...item, ndc: '00054-4582-25', receivedOn: '2026-03-11' })).toBeUndefined();
    expect(travelsOnOrderForm('2N')).toBe(true);
    expect(travelsOnOrderForm(' 1 ')).toBe(true);
    expect(travelsOnOrderForm('3')).toBe(false);
    expect(travelsOnOrderForm(null)).toBe(false);
  });

  it('refuses a Schedule III–V item on a form (21 CFR 1305.03)', () => {
    expect(receivingProblem('231456789', form, 1, { ...item, schedule: '3' })).toBe(RECEIVING_MESSAGES.notOnOrderForm('3', '231456789'));
    expect(receivingProblem('231456789', form, 1, { ...item, schedule: '3' })).toMatch(/^A Schedule 3 item does not travel on a Form 222/);
  });

  it('refuses a number the register does not hold, and a form of another client', () => {
    expect(receivingProblem('999999999', undefined, 1, item)).toBe('Form 222 999999999 is not in the register: issue it under Forms 222 first, or check the number.');
    // A renewal kept as a second record of the same number is the same supplier.
    expect(receivingProblem('231456789', form, 1, { ...item, registrationNumber: ' ab1234563 ' })).toBeUndefined();
    expect(receivingProblem('231456789', form, 1, { ...item, registrationNumber: 'BC7654321' })).toBe(
      'Form 222 231456789 was issued to AB1234563, not to this job\'s registration BC7654321: a form names one supplier (21 CFR 1305.12(c)). Use a form issued to BC7654321.',
    );
  });

  it('refuses a form not yet executed, void or lost, or past its 60 days on the day of receipt', () => {
    expect(receivingProblem('231456789', { ...form, status: 'issued' }, 1, item)).toBe(RECEIVING_MESSAGES.notExecuted('231456789'));
    expect(receivingProblem('231456789', { ...form, status: 'void' }, 1, item)).toBe(ORDER_FORM_MESSAGES.final('231456789', 'void'));
    expect(receivingProblem('231456789', { ...form, status: 'lost' }, 1, item)).toBe(ORDER_FORM_MESSAGES.final('231456789', 'lost'));
    expect(receivingProblem('231456789', form, 1, { ...item, receivedOn: '2026-03-12' })).toBe(
      'Form 222 231456789 was valid until 03/11/2026 (60 days from its issue): goods received on 03/12/2026 are not received on it. Issue a new form.',
    );
  });

  it('names the line: missing, not on the form, another NDC, or more packages than are left', () => {
    expect(receivingProblem('231456789', form, null, item)).toBe('Give the line of Form 222 231456789 this item arrived on (its lines: 1, 2).');
    expect(receivingProblem('231456789', form, 5, item)).toBe('Form 222 231456789 has no line 5: its lines are 1, 2.');
    expect(receivingProblem('231456789', { ...form, lines: [] }, 1, item)).toBe('Form 222 231456789 has no line 1: it lists no line yet.');
    expect(receivingProblem('231456789', form, 1, { ...item, ndc: '00054-4582-25' })).toBe(
      'Line 1 of Form 222 231456789 orders NDC 00406-0512-01, and this item is NDC 00054-4582-25: choose the line that orders it.',
    );
    expect(receivingProblem('231456789', form, 1, { ...item, packages: 3 })).toBe(
      "Line 1 of Form 222 231456789 ordered 3 packages; 1 has been received, and this item's 3 would make 4. Check the count, or receive the rest on another form.",
    );
  });
});

describe("a form's receipt and status", () => {
  it('is none, partly or all of its lines received', () => {
    expect(orderFormReceipt([])).toBe('none');
    expect(orderFormReceipt([{ packages: 2, received: 0 }])).toBe('none');
    expect(orderFormReceipt([{ packages: 2, received: 1 }, { packages: 1, received: 1 }])).toBe('partly');
    expect(orderFormReceipt([{ packages: 2, received: 2 }, { packages: 1, received: 1 }])).toBe('all');
  });

  it('reads Partly received or Received once goods arrive on an executed form; expired only while goods are awaited', () => {
    expect(orderFormStatusText('executed', '2026-01-01', '2026-01-05', 'partly')).toBe('Partly received');
    expect(orderFormStatusText('executed', '2026-01-01', '2026-05-05', 'partly')).toBe('Partly received, expired');
    expect(orderFormStatusText('executed', '2026-01-01', '2026-05-05', 'all')).toBe('Received');
    expect(orderFormStatusText('void', '2026-01-01', '2026-05-05', 'partly')).toBe('Void');
  });

  it('keeps a line goods arrived on: on the form, ordering at least what arrived, of the NDC that arrived', () => {
    const receipts = new Map([[1, { received: 2, ndcs: ['00406-0512-01'] }], [2, { received: 0, ndcs: [] }]]);
    const lines = [{ lineNo: 1, ndc: '00406-0512-01', packages: 3 }];
    expect(receivedLinesProblem('231456789', lines, receipts)).toBeUndefined();
    expect(receivedLinesProblem('231456789', [{ lineNo: 1, ndc: null, packages: 2 }], receipts)).toBeUndefined();
    expect(receivedLinesProblem('231456789', [], receipts)).toBe(RECEIVED_FORM_MESSAGES.lineRemoved('231456789', 1, 2));
    expect(receivedLinesProblem('231456789', [{ lineNo: 1, ndc: '00406-0512-01', packages: 1 }], receipts)).toBe(
      'Line 1 of Form 222 231456789: 2 packages have been received on it, so it orders at least 2.',
    );
    expect(receivedLinesProblem('231456789', [{ lineNo: 1, ndc: '00054-4582-25', packages: 3 }], receipts)).toBe(
      'Line 1 of Form 222 231456789 has items of NDC 00406-0512-01 received on it: its NDC stays 00406-0512-01.',
    );
  });
});
