import { describe, expect, it } from 'vitest';
import { parseValueList, valuesOf } from '../src/components/value-lists/value-list.ts';

describe('value lists', () => {
  it('reads values with their display values, in order, and leaves out items without a value', () => {
    const options = parseValueList({
      valueList: [
        { value: 'Tote', displayValue: 'Tote' },
        { value: '55 G Steel', displayValue: '55 gallon steel drum' },
        { value: 'Box' },
        { value: '', displayValue: 'Nothing' },
        { displayValue: 'No value' },
        'junk',
        null,
      ],
    });
    expect(options).toEqual([
      { value: 'Tote', label: 'Tote' },
      { value: '55 G Steel', label: '55 gallon steel drum' },
      { value: 'Box', label: 'Box' },
    ]);
    expect(valuesOf(options)).toEqual(['Tote', '55 G Steel', 'Box']);
  });

  it('takes a missing or malformed answer as an empty list', () => {
    expect(parseValueList(undefined)).toEqual([]);
    expect(parseValueList({ valueList: 'x' })).toEqual([]);
    expect(valuesOf(undefined)).toEqual([]);
  });
});
