import fc from 'fast-check';

/**
 * Arbitraries for hostile input: the operator characters of the find grammar, SQL meta-characters,
 * awkward unicode, numbers and dates at their limits, and plain random text of every unit.
 */

/** The find grammar's operators and escapes (docs/finds.md). */
export const FIND_OPERATORS = ['==', '=', '*', '@', '#', '\\', '"', '...', '..', '…', '//', '<', '<=', '>', '>=', '!', '~', '?', ' '];

/** SQL meta-characters and injection classics. */
export const SQL_META = [
  "'",
  "''",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  '%',
  '_',
  '$1',
  '$$',
  '::text',
  '\\x27',
  "E'\\\\'",
  "' OR '1'='1",
  "'; DROP TABLE jobs; --",
  '") OR true --',
  'NULL',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '^',
  '$',
  '|',
  '+',
  '[[:alnum:]]',
  '(?i)',
  '***:',
];

/** Control characters; PostgreSQL text cannot hold the first. */
export const CONTROL = ['\u0000', '\u0001', '\u001b', '\u007f', '\r\n', '\b'];

/** Unicode that trips case mapping, width, direction and grapheme assumptions (no NUL). */
export const AWKWARD_UNICODE = [
  '🙂',
  '👩‍👩‍👧',
  'e\u0301',
  '\u202Eevil',
  'İ',
  'ı',
  'ß',
  'ẞ',
  'ΟΔΟΣ',
  'ǅ',
  'Ａ',
  '５',
  '\u200B',
  '\uFEFF',
  '\u00A0',
  '\u3000',
  '\n',
  '\t',
  '𝔘',
  'שלום',
  'مرحبا',
  '日本',
];

export const NUMBER_TEXTS = [
  '0',
  '-0',
  '1.5',
  '-1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e308',
  '1e309',
  '-1e308',
  '1e-400',
  '1e-1001',
  '1e1001',
  '0x10',
  'Infinity',
  'NaN',
  '1,000,000',
  '.5',
  '5.',
  '+5',
  '1e',
  '123456789012345678901234567890',
];

export const DATE_TEXTS = [
  '0000',
  '1/0000',
  '01/01/0000',
  '12/31/9999',
  '9999',
  '12/9999',
  '02/29/2023',
  '02/29/2024',
  '13/01/2024',
  '00/10/2024',
  '1/*/2024',
  '99/99/9999',
  '2024-01-01',
  '//',
  '1/1/1',
  '01/01/0050',
  '12/31/1969',
];

const piece = fc.oneof(
  fc.constantFrom(...FIND_OPERATORS),
  fc.constantFrom(...SQL_META),
  fc.constantFrom(...AWKWARD_UNICODE),
  fc.constantFrom(...CONTROL),
  fc.constantFrom(...NUMBER_TEXTS),
  fc.constantFrom(...DATE_TEXTS),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
);

/** Any string a hostile client might send: random of every unit, or a mix of the pieces above. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 6, arbitrary: fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ minLength: 490, maxLength: 520 }) },
  { weight: 1, arbitrary: fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)) },
);

/** Numbers at the limits, as JSON numbers (NaN and ±Infinity become null in JSON). */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1, 5e-324, 1.5, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
  fc.double(),
  fc.integer(),
);

/** A criterion value: a string most of the time, sometimes a JSON number or boolean. */
export const hostileValue: fc.Arbitrary<string | number | boolean> = fc.oneof(
  { weight: 8, arbitrary: hostileString },
  { weight: 1, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
);
