import { describe, expect, it } from 'vitest';
import { containedLiteral, containsPattern, distinctTerms, MAX_FIND_WORDS, splitTerms } from '../../src/records/find-criterion.ts';

const words = (value: string) => splitTerms(value).map((t) => (t.phrase ? `"${t.text}"` : t.text));

describe('distinctTerms: the words of a find that narrow it', () => {
  it('keeps a word said twice once, whatever the case of A-Z', () => {
    expect(words('oxy OXY Oxy')).toEqual(['oxy']);
    expect(words(Array.from({ length: 500 }, () => 'a').join(' '))).toEqual(['a']);
  });

  it('drops a plain word that another word begins with', () => {
    expect(words('o oxy oxycodone hydro')).toEqual(['oxycodone', 'hydro']);
    expect(words('ox oxy*')).toEqual(['oxy*']);
    expect(words('o ox@c')).toEqual(['ox@c']);
  });

  it('keeps one of two words that say the same, the first', () => {
    expect(words('ab ab*')).toEqual(['ab', 'ab*']);
    expect(words('ab* ab')).toEqual(['ab*']);
  });

  it('leaves alone what it cannot be sure of: phrases, wildcards first, escapes, letters beyond A-Z', () => {
    expect(words('a "a b"')).toEqual(['a', '"a b"']);
    expect(words('*done done')).toEqual(['*done', 'done']);
    expect(words('a\\* a')).toEqual(['a\\*']);
    expect(words('É é')).toEqual(['É', 'é']);
    expect(words('İ i')).toEqual(['İ', 'i']);
  });

  it(`refuses more than ${MAX_FIND_WORDS} different words with a message that says so`, () => {
    const terms = Array.from({ length: MAX_FIND_WORDS + 1 }, (_, i) => ({ text: `w${i}x`, phrase: false }));
    expect(() => distinctTerms(terms)).toThrow(/at most 16 different words .* this one has 17/);
    expect(distinctTerms(terms.slice(1))).toHaveLength(MAX_FIND_WORDS);
  });
});

describe('containedLiteral and containsPattern: a word that begins with * as LIKE', () => {
  it('reads the literal a word asks to be contained, escapes resolved', () => {
    expect(containedLiteral('*done')).toBe('done');
    expect(containedLiteral('**done**')).toBe('done');
    expect(containedLiteral('*5\\*2')).toBe('5*2');
    expect(containedLiteral('done')).toBeUndefined();
    expect(containedLiteral('*do@e')).toBeUndefined();
    expect(containedLiteral('**')).toBeUndefined();
  });

  it("escapes LIKE's own characters, so that 50% and a_b are matched as written", () => {
    expect(containsPattern('oxy')).toBe('%oxy%');
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b\\c')).toBe('%a\\_b\\\\c%');
  });
});
