import { describe, expect, it } from 'vitest';
import {
  CORRECTION_MESSAGES,
  CORRECTION_REASON_MAX,
  correctableField,
  correctableFieldsOf,
  correctionReasonProblem,
  decidedCorrectionMessage,
  mayPerform,
  notFinalCorrectionMessage,
  staleCorrectionMessage,
  unknownCorrectionFieldMessage,
} from '../../src/index.ts';

const field = (target: 'line-item' | 'job', label: string) => {
  const found = correctableField(target, label);
  if (!found) throw new Error(`no ${label}`);
  return found;
};

describe('corrections of final records', () => {
  it('corrects what the Form 41, the certificate and ARCOS carry, by target', () => {
    expect(correctableFieldsOf('line-item').map((f) => f.label)).toEqual(['Pack Quantity', 'Pack Size', 'Percent Fill', 'Lot Number', 'Expiration Date']);
    expect(correctableFieldsOf('job').map((f) => f.label)).toEqual(['Date Received', 'Date Destroyed']);
    expect(correctableField('job', 'Pack Quantity')).toBeUndefined();
    expect(correctableField('line-item', 'NDC')).toBeUndefined();
    expect(unknownCorrectionFieldMessage('line-item', 'NDC')).toBe(
      '"NDC" is not a field a correction may change: a line item\'s correction may change Pack Quantity, Pack Size, Percent Fill, Lot Number, Expiration Date.',
    );
    expect(unknownCorrectionFieldMessage('job', '')).toMatch(/^Choose the field to correct: a job's correction may change Date Received, Date Destroyed\.$/);
  });

  it('reads a pack quantity as a whole number above 0, a pack size as any number above 0', () => {
    expect(field('line-item', 'Pack Quantity').read('3')).toEqual({ value: 3 });
    expect(field('line-item', 'Pack Quantity').read('1,200')).toEqual({ value: 1200 });
    expect(field('line-item', 'Pack Quantity').read('2.5')).toEqual({ problem: 'Pack Quantity must be a whole number.' });
    expect(field('line-item', 'Pack Quantity').read('0')).toEqual({ problem: 'Pack Quantity must be a number greater than 0.' });
    expect(field('line-item', 'Pack Quantity').read('')).toEqual({ problem: 'Pack Quantity must be a number greater than 0.' });
    expect(field('line-item', 'Pack Size').read('2.5')).toEqual({ value: 2.5 });
    expect(field('line-item', 'Pack Size').read('ten')).toHaveProperty('problem');
    expect(field('line-item', 'Pack Quantity').show('2')).toBe('2');
    expect(field('line-item', 'Pack Quantity').show(null)).toBe('');
  });

  it('reads a percent fill as a percent and keeps it as the fraction the records hold', () => {
    const fill = field('line-item', 'Percent Fill');
    expect(fill.read('50')).toEqual({ value: 0.5 });
    expect(fill.read('62.5%')).toEqual({ value: 0.625 });
    expect(fill.read('0')).toHaveProperty('problem');
    expect(fill.read('150')).toHaveProperty('problem');
    expect(fill.show(0.6)).toBe('60.00%');
  });

  it('reads dates as MM/DD/YYYY: an expiration date may be cleared, a job date may not', () => {
    expect(field('line-item', 'Expiration Date').read('05/31/2027')).toEqual({ value: '2027-05-31' });
    expect(field('line-item', 'Expiration Date').read('')).toEqual({ value: null });
    expect(field('job', 'Date Destroyed').read('')).toEqual({ problem: 'Date Destroyed must be a date as MM/DD/YYYY.' });
    expect(field('job', 'Date Destroyed').read('02/30/2026')).toHaveProperty('problem');
    expect(field('job', 'Date Received').read('6/1/2026')).toEqual({ value: '2026-06-01' });
    expect(field('job', 'Date Received').show(new Date('2026-06-01T00:00:00Z'))).toBe('06/01/2026');
    expect(field('job', 'Date Received').show('2026-06-01')).toBe('06/01/2026');
  });

  it('reads a lot number as one line of at most 60 characters; blank clears it', () => {
    const lot = field('line-item', 'Lot Number');
    expect(lot.read(' AB12 ')).toEqual({ value: 'AB12' });
    expect(lot.read('')).toEqual({ value: null });
    expect(lot.read('A\tB')).toHaveProperty('problem');
    expect(lot.read('x'.repeat(61))).toHaveProperty('problem');
  });

  it('needs a reason of at most 500 characters; a rejection note may be empty', () => {
    expect(correctionReasonProblem('Counted again: three bottles')).toBeUndefined();
    expect(correctionReasonProblem('  ')).toBe(CORRECTION_MESSAGES.reasonRequired);
    expect(correctionReasonProblem(undefined)).toBe(CORRECTION_MESSAGES.reasonRequired);
    expect(correctionReasonProblem('x'.repeat(CORRECTION_REASON_MAX + 1))).toBe(CORRECTION_MESSAGES.reasonTooLong);
    expect(correctionReasonProblem('', { required: false })).toBeUndefined();
    expect(correctionReasonProblem('x'.repeat(CORRECTION_REASON_MAX + 1), { required: false })).toBe(CORRECTION_MESSAGES.noteTooLong);
  });

  it('asks of whoever enters line items and is approved by APPROVE_CORRECTION', () => {
    expect(mayPerform(['CREATE_LINE_ITEM'], 'correction.request')).toBe(true);
    expect(mayPerform(['CREATE_LINE_ITEM'], 'correction.approve')).toBe(false);
    expect(mayPerform(['APPROVE_CORRECTION'], 'correction.approve')).toBe(true);
  });

  it('says what to do when a correction cannot be asked or decided', () => {
    expect(notFinalCorrectionMessage(7)).toMatch(/^Job 7 is not final .*change the record itself/);
    expect(staleCorrectionMessage(3, 'Pack Quantity', '2', '4')).toBe(
      'Correction 3 was asked when Pack Quantity was 2; it is now 4. Reject it and ask again from what the record holds now.',
    );
    expect(decidedCorrectionMessage(3, 'rejected')).toMatch(/^Correction 3 is rejected already/);
  });
});
