import { describe, expect, it } from 'vitest';
import { hasControlCharacter, notANumberMessage, readNumber, singleLineTextProblem, textLength } from '../src/index.ts';

describe('number fields', () => {
  it.each([
    [12, 12],
    [0.5, 0.5],
    ['12', 12],
    ['-3', -3],
    ['0.25', 0.25],
    ['007', 7],
    ['123456789012', 123456789012],
  ])('reads %j as %j', (input, value) => {
    expect(readNumber(input)).toBe(value);
  });

  it.each([[null], [undefined], [''], ['   ']])('reads %j as empty', (input) => {
    expect(readNumber(input)).toBeNull();
  });

  it.each([['0x10'], ['0b101'], ['0o17'], ['+3'], [' 5 '], ['.5e1'], ['1e12'], ['5.'], ['.5'], ['1_000'], ['1,000'], ['Infinity'], ['NaN'], ['٣'], ['１２'], [true], [{}], [[1]], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses %j',
    (input) => {
      expect(readNumber(input)).toBeUndefined();
    },
  );

  it('names the field in its message', () => {
    expect(notANumberMessage('Pack Quantity')).toBe('Pack Quantity must be a number written with digits and at most one decimal point, like 12 or 0.5');
  });
});

describe('single-line text', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(textLength('abc')).toBe(3);
    expect(textLength('💊💊')).toBe(2);
    expect('💊💊'.length).toBe(4);
    expect(textLength('')).toBe(0);
  });

  it.each([['a\nb'], ['a\rb'], ['a\tb'], ['\u0000'], ['\u0007'], ['\u007f'], ['\u0085'], ['\u2028'], ['\u2029']])('finds the control character in %j', (text) => {
    expect(hasControlCharacter(text)).toBe(true);
  });

  it.each([['Spring pickup'], ['Zoé ß 日本 💊'], ['\u00a0non-breaking']])('finds none in %j', (text) => {
    expect(hasControlCharacter(text)).toBe(false);
  });

  it('says what is wrong: a second line first, then length', () => {
    expect(singleLineTextProblem('Job Name', 'a\nb', 200)).toBe('Job Name must be one line of text, without line breaks, tabs or other control characters');
    expect(singleLineTextProblem('Lot Number', 'x'.repeat(61), 60)).toBe('Lot Number can be at most 60 characters');
    expect(singleLineTextProblem('Lot Number', '💊'.repeat(60), 60)).toBeUndefined();
    expect(singleLineTextProblem('Job Name', 'x'.repeat(201), 200, 'Too long')).toBe('Too long');
  });
});
