import { describe, expect, it } from 'vitest';
import {
  DEA_BUSINESS_ACTIVITIES,
  DEA_NUMBER_MESSAGES,
  DEA_REGISTRANT_TYPE_LETTERS,
  REVERSE_DISTRIBUTOR_TYPE_LETTERS,
  deaActivityLabel,
  deaCheckDigit,
  deaNumberProblem,
  isValidDeaNumber,
  ownDeaNumberProblem,
  registrantTypeLettersFor,
  type DeaBusinessActivityCode,
} from '../../src/rules/registration.ts';

describe('deaCheckDigit', () => {
  it.each([
    // (d1+d3+d5) + 2*(d2+d4+d6), last digit
    ['BJ123456', 3], // the worked example of docs/dea-registration-numbers.md: 9 + 2*12 = 33
    ['BJ1234563', 3], // the whole number: the ninth character is ignored
    ['AB000000', 0],
    ['FM999999', 1], // 27 + 54 = 81
    ['R9701234', 3], // (7+1+3) + 2*(0+2+4) = 23
    ['bj123456', 3], // letters in any case
  ])('%s → %i', (number, digit) => {
    expect(deaCheckDigit(number)).toBe(digit);
  });

  it.each(['', 'B1234563', 'BJ12345', '1J123456', 'BJ12345X', 'BJ1234563X'])('refuses %j', (number) => {
    expect(() => deaCheckDigit(number)).toThrow();
  });
});

describe('isValidDeaNumber', () => {
  it.each([
    ['BJ1234563', true],
    ['bj1234563', true],
    ['A91234563', true], // second character 9 when the name has no initial letter
    ['FM9999991', true],
    ['BJ1234564', false], // wrong check digit
    ['BJ1243563', false], // transposed digits
    ['BJ123456', false], // too short
    ['BJ12345630', false], // too long
    ['B11234563', false], // second character a digit other than 9
    ['1J1234563', false],
    [' BJ1234563', false],
    ['', false],
  ])('%j → %s', (number, valid) => {
    expect(isValidDeaNumber(number)).toBe(valid);
  });
});

describe('deaActivityLabel', () => {
  it('joins the code and its name', () => {
    expect(deaActivityLabel('L')).toBe('L - Reverse Distributor');
    expect(deaActivityLabel('A')).toBe('A - Pharmacy');
  });
});

describe('deaNumberProblem (registrant-type first letters)', () => {
  it.each(['A', 'B', 'F', 'G', 'M', 'P', 'R', 'X'])('accepts a number starting %s', (letter) => {
    const prefix = `${letter}S123456`;
    expect(deaNumberProblem(`${prefix}${deaCheckDigit(prefix)}`)).toBeUndefined();
  });

  it.each(['C', 'D', 'E', 'H', 'J', 'K', 'L', 'N', 'Q', 'S', 'T', 'U', 'V', 'W', 'Y', 'Z'])('refuses a number starting %s, whatever its check digit', (letter) => {
    const prefix = `${letter}S123456`;
    expect(deaNumberProblem(`${prefix}${deaCheckDigit(prefix)}`)).toBe(DEA_NUMBER_MESSAGES.firstLetter);
    expect(isValidDeaNumber(`${prefix}${deaCheckDigit(prefix)}`)).toBe(false);
  });

  it.each([
    ['', DEA_NUMBER_MESSAGES.required],
    ['RS123456', DEA_NUMBER_MESSAGES.format],
    ['R-1234563', DEA_NUMBER_MESSAGES.format],
    ['RS1234564', DEA_NUMBER_MESSAGES.checkDigit],
    ['rs1234563', undefined],
  ])('%j → %j', (number, message) => {
    expect(deaNumberProblem(number)).toBe(message);
  });

  it('lists P and R as the reverse distributor letters, both accepted', () => {
    expect(REVERSE_DISTRIBUTOR_TYPE_LETTERS.every((l) => (DEA_REGISTRANT_TYPE_LETTERS as readonly string[]).includes(l))).toBe(true);
  });
});

describe('ownDeaNumberProblem (our registration: a reverse distributor\'s)', () => {
  const withCheckDigit = (prefix: string) => `${prefix}${deaCheckDigit(prefix)}`;
  it.each(['P', 'R'])('accepts a number starting %s', (letter) => {
    expect(ownDeaNumberProblem(withCheckDigit(`${letter}R483017`))).toBeUndefined();
    expect(ownDeaNumberProblem(withCheckDigit(`${letter.toLowerCase()}r483017`))).toBeUndefined();
  });
  it.each(['A', 'B', 'F', 'G', 'M', 'X'])('refuses a valid number starting %s: not a reverse distributor\'s', (letter) => {
    expect(deaNumberProblem(withCheckDigit(`${letter}R483017`))).toBeUndefined();
    expect(ownDeaNumberProblem(withCheckDigit(`${letter}R483017`))).toBe(DEA_NUMBER_MESSAGES.notReverseDistributor);
  });
  it('says first what any DEA number gets wrong', () => {
    expect(ownDeaNumberProblem('LR1234563')).toBe(DEA_NUMBER_MESSAGES.firstLetter);
    expect(ownDeaNumberProblem('RR1234564')).toBe(DEA_NUMBER_MESSAGES.checkDigit);
  });
});

describe('registrantTypeLettersFor (DEA Registration Record Layout)', () => {
  it.each<[DeaBusinessActivityCode, readonly string[]]>([
    ['A', ['A', 'B', 'F', 'G']],
    ['B', ['A', 'B', 'F', 'G']],
    ['C', ['A', 'B', 'F', 'G']],
    // A teaching institution is in the pharmacies' and practitioners' group, not P/R.
    ['D', ['A', 'B', 'F', 'G']],
    ['M', ['M']],
    ['E', ['P', 'R']],
    ['F', ['P', 'R']],
    ['G', ['P', 'R']],
    ['H', ['P', 'R']],
    ['L', ['P', 'R']],
    ['N', ['P', 'R']],
  ])('%s → %j', (activity, letters) => expect(registrantTypeLettersFor(activity)).toEqual(letters));

  it('gives every activity letters DEA uses', () => {
    for (const activity of Object.keys(DEA_BUSINESS_ACTIVITIES) as DeaBusinessActivityCode[]) {
      expect(registrantTypeLettersFor(activity).every((l) => (DEA_REGISTRANT_TYPE_LETTERS as readonly string[]).includes(l))).toBe(true);
    }
  });
});
