import { describe, expect, it } from 'vitest';
import { findOutOfRangeNumbers } from '../../src/plugins/json-numbers.ts';

/** What JSON.parse would quietly turn into 0 or Infinity is found, with where it is. */
describe('findOutOfRangeNumbers', () => {
  it('finds numbers too large or too close to 0, naming where, and nothing else', () => {
    const text = JSON.stringify({ fieldData: { 'Pack Quantity': 'X1', Note: 'says 1e-400 in text' }, query: [{ a: 'Y1' }, { b: 'Y2', c: [1, 'Y3'] }] })
      .replace('"X1"', '1e-400')
      .replace('"Y1"', '-1E+400')
      .replace('"Y2"', '1e2')
      .replace('"Y3"', '0e-999');
    expect(findOutOfRangeNumbers(text)).toEqual([
      { at: 'body.fieldData.Pack Quantity', text: '1e-400', kind: 'too small' },
      { at: 'body.query.0.a', text: '-1E+400', kind: 'too large' },
    ]);
  });

  it('counts subnormal numbers as too small (their digits are lost), the smallest normal one and zeros as numbers', () => {
    expect(findOutOfRangeNumbers('[2.5e-310, 2.2250738585072014e-308, 0.0e-400, -0, 1.7976931348623157e308, 1.8e308]')).toEqual([
      { at: 'body.0', text: '2.5e-310', kind: 'too small' },
      { at: 'body.5', text: '1.8e308', kind: 'too large' },
    ]);
  });

  it('reads long digit runs without an exponent', () => {
    const tiny = `0.${'0'.repeat(330)}7`;
    const huge = '9'.repeat(400);
    expect(findOutOfRangeNumbers(`{"a":${tiny},"b":${huge},"c":${'1'.repeat(300)}}`)).toEqual([
      { at: 'body.a', text: tiny, kind: 'too small' },
      { at: 'body.b', text: huge, kind: 'too large' },
    ]);
  });

  it('follows escaped keys and strings holding quotes, brackets and commas', () => {
    const text = '{"a\\"b":{"x,[y]":"\\"{,","n\\u0041me":1e999},"list":["]",",",1e-999]}';
    expect(findOutOfRangeNumbers(text)).toEqual([
      { at: 'body.a"b.nAme', text: '1e999', kind: 'too large' },
      { at: 'body.list.2', text: '1e-999', kind: 'too small' },
    ]);
  });

  it('reads 100,000 levels deep without recursion, and names at most ten', () => {
    const deep = `${'['.repeat(100_000)}1e400${']'.repeat(100_000)}`;
    const found = findOutOfRangeNumbers(deep);
    expect(found).toHaveLength(1);
    expect(found[0]!.at.split('.')).toHaveLength(100_001);
    expect(findOutOfRangeNumbers(`[${Array.from({ length: 50 }, () => '1e400').join(',')}]`)).toHaveLength(10);
  });

  it('finds nothing among ordinary numbers, nor in text that looks like an exponent', () => {
    expect(findOutOfRangeNumbers('{"a":1.5,"b":[0,-2,"1e"]}')).toEqual([]);
  });
});
