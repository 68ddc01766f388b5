import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  deadlineCell,
  deadlineState,
  deadlineText,
  LOSS_MESSAGES,
  lossDeadlines,
  lossFiler,
  lossKindOf,
  parseUsDate,
  readLossReport,
} from '../../src/index.ts';

describe('a loss', () => {
  it('is opened by a theft or a loss in transit, and by no other reason', () => {
    expect(lossKindOf('theft')).toBe('theft');
    expect(lossKindOf('in-transit-loss')).toBe('in-transit');
    expect(lossKindOf('client-counted-wrong')).toBeUndefined();
    expect(lossKindOf('client-error-confirmed')).toBeUndefined();
  });

  it('is reported by us when stolen from us, by the supplier when lost in transit (1301.74(c))', () => {
    expect(lossFiler('theft')).toBe('receiver');
    expect(lossFiler('in-transit')).toBe('supplier');
  });

  it('has its notice due one business day after discovery, its Form 106 forty-five days after', () => {
    // Wednesday before Thanksgiving: the notice is due Friday when Thursday is a holiday.
    expect(lossDeadlines('2026-11-25', new Set(['2026-11-26']))).toEqual({ noticeDue: '2026-11-27', form106Due: '2027-01-09' });
    // Discovered on a Friday: due Monday.
    expect(lossDeadlines('2026-11-27', new Set()).noticeDue).toBe('2026-11-30');
  });
});

describe('a deadline', () => {
  it('stands open, due today, missed, done or done late', () => {
    expect(deadlineState('2026-11-30', null, '2026-11-29')).toBe('open');
    expect(deadlineState('2026-11-30', null, '2026-11-30')).toBe('due-today');
    expect(deadlineState('2026-11-30', null, '2026-12-01')).toBe('missed');
    expect(deadlineState('2026-11-30', '2026-11-30', '2026-12-05')).toBe('done');
    expect(deadlineState('2026-11-30', '2026-12-02', '2026-12-05')).toBe('done-late');
  });

  it('is said as the list and the home screen say it', () => {
    expect(deadlineCell('2026-11-30', null, '2026-11-29')).toBe('Due 11/30/2026');
    expect(deadlineCell('2026-11-30', null, '2026-11-30')).toBe('Due today');
    expect(deadlineCell('2026-11-30', null, '2026-12-01')).toBe('Missed 11/30/2026');
    expect(deadlineCell('2026-11-30', '2026-11-30', '2026-12-01')).toBe('Done 11/30/2026');
    expect(deadlineCell('2026-11-30', '2026-12-01', '2026-12-01')).toBe('Done 12/01/2026 (late)');
    expect(deadlineText('Notice', '2026-11-30', null, '2026-12-01')).toBe('Notice due 11/30/2026 — missed');
  });
});

describe('recording the reports', () => {
  const current: { form106FiledOn: string | null; form106Number: string | null; discoveredOn: string } = { form106FiledOn: null, form106Number: null, discoveredOn: '2026-11-20' };
  const read = (input: Parameters<typeof readLossReport>[0], before = current) => readLossReport(input, before, '2026-11-29', parseUsDate);

  it('reads the days as MM/DD/YYYY and the number', () => {
    expect(read({ noticeSentOn: '11/21/2026' })).toEqual({ change: { noticeSentOn: '2026-11-21' } });
    expect(read({ form106FiledOn: '11/28/2026', form106Number: ' TLR-1 ' })).toEqual({ change: { form106FiledOn: '2026-11-28', form106Number: 'TLR-1' } });
    expect(read({ noticeSentOn: '' })).toEqual({ change: { noticeSentOn: null } });
  });

  it('refuses a day that is none, after today or before the discovery', () => {
    expect(read({ noticeSentOn: '21/11/2026' })).toEqual({ problems: [LOSS_MESSAGES.date('Notice Sent')] });
    expect(read({ noticeSentOn: '11/30/2026' })).toEqual({ problems: [LOSS_MESSAGES.future('Notice Sent')] });
    expect(read({ noticeSentOn: '11/19/2026' })).toEqual({ problems: [LOSS_MESSAGES.beforeDiscovery('Notice Sent', '2026-11-20')] });
  });

  it('keeps the Form 106 day and number together', () => {
    expect(read({ form106FiledOn: '11/28/2026' })).toEqual({ problems: [LOSS_MESSAGES.numberNeeded] });
    expect(read({ form106Number: 'TLR-1' })).toEqual({ problems: [LOSS_MESSAGES.numberWithoutDate] });
    expect(read({ form106Number: '' }, { ...current, form106FiledOn: '2026-11-28', form106Number: 'TLR-1' })).toEqual({ problems: [LOSS_MESSAGES.numberNeeded] });
    expect(read({ form106Number: 'x'.repeat(41), form106FiledOn: '11/28/2026' })).toEqual({ problems: [LOSS_MESSAGES.numberLong] });
  });

  it('is done by whoever locks jobs; the worksheet by whoever makes jobs', () => {
    expect(ACTIONS['loss.record-report'].privilege).toBe('LOCK_JOB');
    expect(ACTIONS['loss.worksheet'].privilege).toBe('CREATE_JOB');
  });
});
