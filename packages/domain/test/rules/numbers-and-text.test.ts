import { describe, expect, it } from 'vitest';
import { hasControlCharacter, invisibleCharacter, notANumberMessage, printedTextProblem, readNumber, singleLineTextProblem, textLength } from '../../src/index.ts';

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

describe('printed text (names on DEA documents)', () => {
  const listed = [
    ...Array.from({ length: 5 }, (_, i) => 0x200b + i),
    ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
    ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
  ];
  it.each(listed.map((c) => [`U+${c.toString(16).toUpperCase()}`, String.fromCodePoint(c)]))('refuses %s, naming it', (name, char) => {
    expect(invisibleCharacter(`Ann${char}Lee`)).toBe(name);
    expect(printedTextProblem('Witness', `Ann${char}Lee`, 200)).toBe(`Witness holds an invisible or text-direction character (${name}): type it again without it, so that what is printed is what is stored`);
  });

  it('refuses the other invisible format characters too: word joiner, byte order mark, soft hyphen, Arabic letter mark, tags', () => {
    for (const c of [0x2060, 0xfeff, 0x00ad, 0x061c, 0xe0041]) expect(invisibleCharacter(`A${String.fromCodePoint(c)}B`)).toBeDefined();
  });

  it('keeps the single-line rules first, and takes letters, accents and punctuation of any script', () => {
    expect(printedTextProblem('Witness', 'Ann\nLee', 200)).toMatch(/one line/);
    expect(printedTextProblem('Witness', 'x'.repeat(201), 200)).toBe('Witness can be at most 200 characters');
    for (const name of ['José Núñez-O’Brien', 'Zoë Łukasik', 'Nguyễn Văn An', '李小龍', 'Ann & Lee, Inc.']) expect(printedTextProblem('Witness', name, 200)).toBeUndefined();
  });
});
