import { describe, expect, it } from 'vitest';
import {
  DESTRUCTION_RECORD_MESSAGES as M,
  destructionRecordFieldProblems,
  destructionRecordProblems,
  disposalMethodProblem,
  isSamePerson,
  LATE_REASON_MAX,
  readDestructionRecordInput,
  type DestructionRecord,
} from '../../src/rules/destruction-record.ts';

const EMPTY: DestructionRecord = {
  dateTransfer: null,
  dateReceived: null,
  dateDestroyed: null,
  disposalMethod: null,
  facility: null,
  facilityAddress: null,
  transferWitness1: null,
  transferWitness2: null,
  destructionWitness1: null,
  destructionWitness2: null,
  lateReason: null,
};
const TODAY = '2026-03-15';

describe('readDestructionRecordInput', () => {
  it('reads dates as MM/DD/YYYY into ISO, trims text and empties with ""', () => {
    const { changes, problems } = readDestructionRecordInput({
      'Date Received': '3/2/2026',
      'Destruction Facility': '  Clearfork Thermal  ',
      'Transfer Witness 1 Full Name': '',
    });
    expect(problems).toEqual([]);
    expect(changes).toEqual({ dateReceived: '2026-03-02', facility: 'Clearfork Thermal', transferWitness1: null });
  });

  it.each([
    ['Date Received', '2026-03-02', M.date('Date Received')],
    ['Date Destroyed', '02/30/2026', M.date('Date Destroyed')],
    ['Date Transfer', 'yesterday', M.date('Date Transferred')],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(readDestructionRecordInput({ [field]: value }).problems).toEqual([message]);
  });

  it('refuses over-long and multi-line text', () => {
    expect(readDestructionRecordInput({ 'Destruction Facility Address': 'x'.repeat(401) }).problems).toEqual(['Destruction Facility Address can be at most 400 characters']);
    expect(readDestructionRecordInput({ 'Destruction Facility Address': 'x'.repeat(400) }).problems).toEqual([]);
    expect(readDestructionRecordInput({ 'Destruction Witness 1 Full Name': 'Ann\nLee' }).problems[0]).toMatch(/one line/);
  });

  it('refuses invisible and text-direction characters in what the documents print, naming the character', () => {
    for (const [name, char] of [
      ['Destruction Witness 1 Full Name', '\u202E'],
      ['Transfer Witness 2 Full Name', '\u200B'],
      ['Destruction Facility', '\u2066'],
      ['Destruction Facility Address', '\u200F'],
      ['Late Destruction Reason', '\u2069'],
      ['Disposal Method', '\u202A'],
    ] as const) {
      const { problems } = readDestructionRecordInput({ [name]: `Ann${char} Lee` });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(`(U+${char.codePointAt(0)!.toString(16).toUpperCase()})`);
      expect(problems[0]).toMatch(/invisible or text-direction character/);
    }
    // "Smith" shown, "htimS" stored: refused.
    expect(readDestructionRecordInput({ 'Destruction Witness 1 Full Name': '\u202Ehtims nA' }).problems[0]).toBe(
      'Destruction Witness 1 holds an invisible or text-direction character (U+202E): type it again without it, so that what is printed is what is stored',
    );
    // Letters of other scripts and accents are names like any other.
    expect(readDestructionRecordInput({ 'Destruction Witness 1 Full Name': 'José Núñez-O’Brien', 'Transfer Witness 1 Full Name': 'Zoë Łukasik' }).problems).toEqual([]);
  });

  it('reads the reason for a late destruction, up to 500 characters on one line', () => {
    expect(readDestructionRecordInput({ 'Late Destruction Reason': ' Incinerator down for repair ' }).changes).toEqual({ lateReason: 'Incinerator down for repair' });
    expect(readDestructionRecordInput({ 'Late Destruction Reason': 'x'.repeat(LATE_REASON_MAX + 1) }).problems).toEqual([`Reason for Late Destruction can be at most ${LATE_REASON_MAX} characters`]);
  });

  it('leaves out what was not sent', () => {
    expect(readDestructionRecordInput({})).toEqual({ changes: {}, problems: [] });
  });
});

describe('destructionRecordProblems', () => {
  it.each<[string, Partial<DestructionRecord>, string[]]>([
    ['an empty record', {}, []],
    ['transfer, receipt and destruction in order', { dateTransfer: '2026-02-01', dateReceived: '2026-02-03', dateDestroyed: '2026-02-20' }, []],
    ['all on one day, today', { dateTransfer: TODAY, dateReceived: TODAY, dateDestroyed: TODAY }, []],
    ['received without a transfer date', { dateReceived: '2026-02-03' }, []],
    ['a date tomorrow', { dateTransfer: '2026-03-16' }, [M.future('Date Transferred')]],
    ['received in the future', { dateReceived: '2026-04-01' }, [M.future('Date Received')]],
    ['received before the transfer', { dateTransfer: '2026-02-05', dateReceived: '2026-02-04' }, [M.receivedBeforeTransfer]],
    ['destroyed before received', { dateReceived: '2026-02-05', dateDestroyed: '2026-02-04' }, [M.destroyedBeforeReceived]],
    ['destroyed with no received date', { dateTransfer: '2026-02-01', dateDestroyed: '2026-02-04' }, [M.destroyedWithoutReceived]],
    ['destroyed in the future, before received', { dateReceived: '2026-03-10', dateDestroyed: '2027-01-01' }, [M.future('Date Destroyed')]],
    // The 30-day clock (21 CFR 1317.15(c)): day 30 after receipt is on time, day 31 late.
    ['destroyed on the 30th day after receipt', { dateReceived: '2026-01-01', dateDestroyed: '2026-01-31' }, []],
    ['destroyed on the 31st day, without a reason', { dateReceived: '2026-01-01', dateDestroyed: '2026-02-01' }, [M.lateWithoutReason(31)]],
    ['destroyed 80 days after receipt, without a reason', { dateReceived: '2025-12-01', dateDestroyed: '2026-02-19' }, [M.lateWithoutReason(80)]],
    ['destroyed 80 days after receipt, with the reason', { dateReceived: '2025-12-01', dateDestroyed: '2026-02-19', lateReason: 'Incinerator down for repair' }, []],
    ['a reason for an on-time destruction', { dateReceived: '2026-01-01', dateDestroyed: '2026-01-20', lateReason: 'Late' }, [M.reasonWithoutLateness]],
    ['a reason kept while a future destruction date is corrected', { dateReceived: '2025-12-01', dateDestroyed: '2026-04-01', lateReason: 'Late' }, [M.future('Date Destroyed')]],
    ['a reason with nothing destroyed yet', { dateReceived: '2026-01-01', lateReason: 'Late' }, [M.reasonWithoutLateness]],
    // Two witnesses are two people.
    ['one transfer witness twice', { transferWitness1: 'Maria Lopez', transferWitness2: 'maria  LOPEZ' }, [M.sameWitness('Transfer Witness 2', 'Transfer Witness 1')]],
    ['one destruction witness twice', { destructionWitness1: 'Dana Whitfield', destructionWitness2: 'Dana Whitfield' }, [M.sameWitness('Destruction Witness 2', 'Destruction Witness 1')]],
    ['two different witnesses', { destructionWitness1: 'Dana Whitfield', destructionWitness2: 'Sam Carter', transferWitness1: 'Dana Whitfield' }, []],
    ['one witness only', { destructionWitness1: 'Dana Whitfield' }, []],
  ])('%s', (_name, dates, problems) => {
    expect(destructionRecordProblems({ ...EMPTY, ...dates }, TODAY)).toEqual(problems);
  });

  it('names the field each problem belongs beside', () => {
    const record = { ...EMPTY, dateReceived: '2025-12-01', dateDestroyed: '2026-02-19', dateTransfer: '2026-04-01', destructionWitness1: 'Ann Lee', destructionWitness2: 'ANN LEE' };
    expect(destructionRecordFieldProblems(record, TODAY).map((p) => p.field)).toEqual(['dateTransfer', 'dateReceived', 'lateReason', 'destructionWitness2']);
  });
});

describe('isSamePerson', () => {
  it.each([
    ['Dana Whitfield', 'dana whitfield', true],
    ['Dana  Whitfield', 'Dana Whitfield ', true],
    ['J. R. Smith', 'J R Smith', true],
    // Full-width letters fold to the same name (NFKC).
    ['Ｄａｎａ Whitfield', 'Dana Whitfield', true],
    ['Dana Whitfield', 'Dan Whitfield', false],
    ['Dana Whitfield', null, false],
    [null, null, false],
  ] as const)('%j and %j → %s', (a, b, same) => expect(isSamePerson(a, b)).toBe(same));
});

describe('disposalMethodProblem', () => {
  const choices = ['Incineration', 'Chemical Digestion'];
  it('accepts a choice of the list, an empty value, and anything when the list is empty', () => {
    expect(disposalMethodProblem('Incineration', choices)).toBeUndefined();
    expect(disposalMethodProblem(null, choices)).toBeUndefined();
    expect(disposalMethodProblem('Burial', [])).toBeUndefined();
  });
  it('refuses a value outside the list, naming the choices', () => {
    expect(disposalMethodProblem('Burial', choices)).toBe('Disposal Method must be one of: Incineration, Chemical Digestion');
  });
});
