import { describe, expect, it } from 'vitest';
import {
  DESTRUCTION_RECORD_MESSAGES as M,
  destructionRecordProblems,
  disposalMethodProblem,
  readDestructionRecordInput,
  type DestructionRecord,
} from '../src/destruction-record.ts';

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
  ])('%s', (_name, dates, problems) => {
    expect(destructionRecordProblems({ ...EMPTY, ...dates }, TODAY)).toEqual(problems);
  });
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
