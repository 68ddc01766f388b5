import { parseUsDate, todayIso } from '@3ds/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from '../errors/app-error.ts';
import type { LayoutField } from './layout.ts';

/**
 * Compiles one find criterion (`field: value`) to a parameterised SQL condition, following the
 * FileMaker value grammar of docs/finds.md. The field's SQL is ours; the value only ever travels
 * as a parameter, and its characters are escaped before they go into a LIKE pattern or a regex.
 */

type Condition = RawBuilder<SqlBool>;

export interface CriterionContext {
  /** Today as ISO date, for `//`. */
  today?: string;
}

const RANGE = /^(.*?)(?:\.\.\.|…|\.\.)(.*)$/s;
const COMPARISON = /^(<=|>=|<|>)(.*)$/s;
/** A word boundary in PostgreSQL's regex dialect: start of text or a character that is not a letter or digit. */
const WORD_START = '(^|[^[:alnum:]])';

function invalid(field: LayoutField, value: string, why: string): never {
  throw badRequest(`Field "${field.name}": the value "${value}" ${why}`);
}

/** Splits on unescaped operators: returns the text with `\x` escapes resolved, and whether any were present. */
function unescape(text: string): string {
  return text.replace(/\\(.)/gs, '$1');
}

function hasUnescaped(text: string, chars: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (chars.includes(text[i]!)) return true;
  }
  return false;
}

/** Splits `from...to` at the first range operator (`...`, `…`, `..`) that is not escaped (`a\...b` is `a.` to `b`). */
function splitRange(value: string): [string, string] | undefined {
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') {
      i++;
      continue;
    }
    const width = value.startsWith('...', i) ? 3 : value[i] === '…' ? 1 : value.startsWith('..', i) ? 2 : 0;
    if (width) return [value.slice(0, i), value.slice(i + width)];
  }
  return undefined;
}

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A term with FileMaker wildcards (`*` any run, `@` one character, `#` one digit) as a regex fragment. */
function termToRegex(term: string): string {
  let out = '';
  for (let i = 0; i < term.length; i++) {
    const c = term[i]!;
    if (c === '\\' && i + 1 < term.length) {
      out += regexEscape(term[++i]!);
    } else if (c === '*') out += '.*';
    else if (c === '@') out += '.';
    else if (c === '#') out += '[0-9]';
    else out += regexEscape(c);
  }
  return out;
}

export interface Term {
  text: string;
  phrase: boolean;
}

/** At most this many different words in a quick find, or in one criterion's value (docs/finds.md). */
export const MAX_FIND_WORDS = 16;

/** Splits a text value into terms; `"quoted phrases"` stay whole. Only the terms that narrow the find are kept (`distinctTerms`). */
export function splitTerms(value: string): Term[] {
  const terms: Term[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    if (m[1] !== undefined) {
      if (m[1].trim()) terms.push({ text: m[1], phrase: true });
    } else terms.push({ text: m[2]!, phrase: false });
  }
  return distinctTerms(terms);
}

/** A-Z as a-z, and nothing else: the database lowers these alike whatever its locale (Turkish aside, which 3DS does not use). */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** A word with no wildcard, escape or quote: what it finds is exactly "a word begins with it". */
const PLAIN_WORD = /^[^\\*@#"]+$/;

/**
 * The terms of a find that narrow it, so that its cost follows what it asks and not how it is
 * written (`a a a a …`): a term said twice (whatever the case of A-Z) is kept once, and a plain word
 * that another term begins with is dropped, since every word that begins with `oxyc` begins with
 * `oxy` (`oxy oxyc` finds what `oxyc` finds). Each term must begin a word, so the result is the same.
 * More than `MAX_FIND_WORDS` different terms is a 400 that says so.
 */
export function distinctTerms(terms: readonly Term[]): Term[] {
  const seen = new Set<string>();
  const unique = terms.filter((t) => {
    const key = `${t.phrase ? '"' : ''}${asciiLower(t.text)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const starts = unique.map((t) => (t.phrase ? undefined : asciiLower(literalStart(t.text).text)));
  const kept = unique.filter((t, i) => {
    if (t.phrase || !PLAIN_WORD.test(t.text)) return true;
    const mine = asciiLower(t.text);
    // Implied by a term that begins with it and says more, or as much and comes first.
    return !starts.some((start, j) => j !== i && start !== undefined && start.startsWith(mine) && (start.length > mine.length || j < i));
  });
  if (kept.length > MAX_FIND_WORDS) {
    throw badRequest(`A find may have at most ${MAX_FIND_WORDS} different words in one field or in the quick find; this one has ${kept.length}. Leave some out.`);
  }
  return kept;
}

/** `field` begins a word with each term (any order, case-insensitive): the default text find. */
export function wordsBeginWith(expression: RawBuilder<unknown>, value: string): Condition {
  const terms = splitTerms(value);
  if (!terms.length) return sql<SqlBool>`true`;
  const parts = terms.map((t) => {
    // A word that begins with `*` and holds no other wildcard but trailing `*`s: "the text contains it"
    // (a word can begin at the text's start and `.*` reach it), as LIKE, which costs a tenth of the regex.
    const inside = t.phrase ? undefined : containedLiteral(t.text);
    if (inside !== undefined) return sql<SqlBool>`lower(${expression}) LIKE lower(${containsPattern(inside)})`;
    // lower(…) ~ lower(pattern), so the trigram indexes on lower(column) serve the match. The
    // database lowers both sides: JavaScript's toLowerCase() differs from it ('İ' → 'i̇', final 'ς').
    const pattern = WORD_START + (t.phrase ? regexEscape(t.text) : termToRegex(t.text));
    return sql<SqlBool>`lower(${expression}) ~ lower(${pattern})`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * Where a word can begin in an NDC (`LLLLL-PPPP-KK` or `LLLLL-PPPP-**`): the labeler code, the
 * product code and the package code. The second `*` of `**` begins a word too, but whatever can
 * begin there (`*`) also begins at the first, so it adds no rows.
 */
const NDC_WORD_STARTS = [0, 6, 11] as const;
/** What each position of an NDC holds: a digit, the dash, or a package character (digit or `*`). */
const NDC_SHAPE = 'DDDDD-DDDD-PP';

/** Where in an NDC a word beginning with `prefix` can begin (0-based; none when no NDC has such a word). */
export function ndcWordStartsFor(prefix: string): number[] {
  return NDC_WORD_STARTS.filter((start) => fitsNdcAt(prefix, start));
}

/** Whether `text` can begin at `start` of some NDC: a prefix that cannot is left out of the SQL. */
function fitsNdcAt(text: string, start: number): boolean {
  if (!text || start + text.length > NDC_SHAPE.length) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const shape = NDC_SHAPE[start + i];
    const ok = shape === '-' ? c === '-' : shape === 'D' ? c >= '0' && c <= '9' : (c >= '0' && c <= '9') || c === '*';
    if (!ok) return false;
  }
  return true;
}

/**
 * wordsBeginWith for a column that always holds an NDC: the same rows, as prefix matches at the
 * three word starts, so the btree indexes on `ndc` and `substr(ndc, 7)` (text_pattern_ops) serve
 * the common find, an NDC's first digits, where the trigram index has to recheck thousands of
 * rows. NDC characters have no case, so no lower(); a term with a letter or a space finds nothing.
 * A term with a wildcard other than trailing `*`s keeps the regex.
 */
export function ndcWordsBeginWith(expression: RawBuilder<unknown>, value: string): Condition {
  const terms = splitTerms(value);
  if (!terms.length) return sql<SqlBool>`true`;
  const parts = terms.map((t) => {
    const arms = ndcTermArms(expression, t);
    return arms ? anyArm(arms) : wordsBeginWith(expression, t.text);
  });
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** Arms ORed; none is false. */
function anyArm(arms: readonly Condition[]): Condition {
  return arms.length ? sql<SqlBool>`(${sql.join(arms, sql` OR `)})` : sql<SqlBool>`false`;
}

/**
 * A words-begin term on an NDC as a condition at each word start it can begin at, each served by the
 * btree of that part (a prefix LIKE); undefined for a term only the regex can test.
 */
function ndcTermArms(expression: RawBuilder<unknown>, t: Term): Condition[] | undefined {
  const prefix = t.phrase ? t.text : literalPrefix(t.text);
  if (prefix === undefined) return ndcWildcardArms(expression, t.text);
  return ndcWordStartsFor(prefix).map((start) =>
    // The prefix holds only digits, '-' and '*': nothing LIKE reads as a wildcard or an escape.
    // The start is literal so that the expression is the index's own.
    start === 0 ? sql<SqlBool>`${expression} LIKE ${`${prefix}%`}` : sql<SqlBool>`substr(${expression}, ${sql.lit(start + 1)}) LIKE ${`${prefix}%`}`,
  );
}

/**
 * An NDC criterion read from the btrees of its parts alone, as the arms of each of its terms (a row
 * matches when, for every term, one of its arms holds): an `=word` of digits (`ndcWholeWordOf`), or
 * words-begin terms with `#` or `@` and the rest prefixes (`ndcWildcardsOnBtrees`). Each arm is a
 * range of one index that holds the NDC, so that the rows are found, and counted, from the indexes
 * alone (records/find-request.ts `criterionIds`). Undefined for any other value.
 */
export function ndcArmsByTerm(expression: RawBuilder<unknown>, value: string): Condition[][] | undefined {
  const word = ndcWholeWordOf(value);
  if (word !== undefined) return [ndcWholeWordArms(expression, word)];
  if (!ndcWildcardsOnBtrees(value)) return undefined;
  const terms = splitTerms(value);
  // A term that begins with a wildcard reads each index whole: tested row by row, in one pass of the
  // table (`#6`: 0.2 s), it costs less than three indexes read whole and their ids joined (1 s).
  if (terms.some((t) => !t.phrase && /^[#@]/.test(t.text))) return undefined;
  return terms.map((t) => ndcTermArms(expression, t)!);
}

/** The word of an `=word` value that `ndcWholeWord` reads from the NDC's btrees (digits, and dashes between them), else undefined. */
export function ndcWholeWordOf(value: string): string | undefined {
  const v = value.trim();
  if (!v.startsWith('=') || v.startsWith('==')) return undefined;
  const word = v.slice(1).trim();
  // Digits at both ends: a word that ends with a dash would be followed by the package's first
  // character, which only the regex tells from a digit.
  return /^[0-9](?:[0-9-]*[0-9])?$/.test(word) ? word : undefined;
}

/**
 * `=word` on a column that always holds an NDC, for a word of digits (and dashes): the NDCs where the
 * word begins at one of the three word starts and is followed by the end or a dash — the same rows as
 * the regex (a digit is preceded and followed by a non-alphanumeric character only there; the `**`
 * package holds no digit), read from the btrees of the labeler, the product and the package code
 * (005, 074).
 */
export function ndcWholeWord(expression: RawBuilder<unknown>, word: string): Condition {
  return anyArm(ndcWholeWordArms(expression, word));
}

function ndcWholeWordArms(expression: RawBuilder<unknown>, word: string): Condition[] {
  return NDC_WORD_STARTS.filter((start) => fitsNdcAt(word, start) && (start + word.length === NDC_SHAPE.length || NDC_SHAPE[start + word.length] === '-')).map((start) => {
    const at = start === 0 ? expression : sql`substr(${expression}, ${sql.lit(start + 1)})`;
    // Digits and dashes only: nothing LIKE reads as a wildcard or an escape.
    return start + word.length === NDC_SHAPE.length ? sql<SqlBool>`${at} = ${word}` : sql<SqlBool>`${at} LIKE ${`${word}-%`}`;
  });
}

/** A term of digits, dashes and the one-character wildcards (`#` a digit, `@` any character), trailing `*`s aside. */
const NDC_WILDCARD_TERM = /^[0-9#@-]*[#@][0-9#@-]*\**$/;

/**
 * An NDC words-begin term with `#` or `@` in it, as LIKE patterns at the three word starts (`_` for
 * each wildcard), so that the btrees of the labeler, product and package codes read the rows from
 * the term's literal start (and the indexes alone test the rest), where the regex had the word
 * index's candidates for that start — most line items for `0#0` — fetched and tested (1.5 s). A `#`
 * must be a digit: at the labeler's and the product's places every character is; in the package
 * code it rules out `**`. Undefined for any other term (the regex then).
 */
function ndcWildcardArms(expression: RawBuilder<unknown>, term: string): Condition[] | undefined {
  if (!NDC_WILDCARD_TERM.test(term)) return undefined;
  const core = term.replace(/\*+$/, '');
  const arms = NDC_WORD_STARTS.flatMap((start) => {
    if (start + core.length > NDC_SHAPE.length) return [];
    let digitsPackage = false;
    for (let i = 0; i < core.length; i++) {
      const c = core[i]!;
      const shape = NDC_SHAPE[start + i];
      if (c === '@') continue;
      if (c === '-' ? shape !== '-' : shape === '-') return [];
      if (c === '#' && shape === 'P') digitsPackage = true;
    }
    // Digits, dashes and `_`: nothing else LIKE reads as a wildcard or an escape.
    const pattern = `${core.replace(/[#@]/g, '_')}%`;
    const at = start === 0 ? sql<SqlBool>`${expression} LIKE ${pattern}` : sql<SqlBool>`substr(${expression}, ${sql.lit(start + 1)}) LIKE ${pattern}`;
    return [digitsPackage ? sql<SqlBool>`(${at} AND ${expression} NOT LIKE '%*')` : at];
  });
  return arms;
}

/** Whether an NDC words-begin value has a `#` or `@` term and `ndcWordsBeginWith` reads every term from the NDC's btrees. */
export function ndcWildcardsOnBtrees(value: string): boolean {
  const terms = splitTerms(value);
  return terms.some((t) => !t.phrase && NDC_WILDCARD_TERM.test(t.text)) && terms.every((t) => t.phrase || literalPrefix(t.text) !== undefined || NDC_WILDCARD_TERM.test(t.text));
}

/** Whether every term of an NDC words-begin value is a prefix (`ndcWordsBeginWith` reads the NDC's btrees for all). */
export function ndcTermsAreLiteral(value: string): boolean {
  return splitTerms(value).every((t) => t.phrase || literalPrefix(t.text) !== undefined);
}

/** A LIKE pattern for text that contains `literal`, its LIKE characters (`\\`, `%`, `_`) escaped. */
export function containsPattern(literal: string): string {
  return `%${literal.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The literal a term asks to be contained: `*abc`, `**abc*` → `abc` (escapes resolved); undefined
 * when the term does not begin with `*`, holds another wildcard, or holds nothing but `*`s.
 */
export function containedLiteral(term: string): string | undefined {
  if (!term.startsWith('*')) return undefined;
  let start = 0;
  while (term[start] === '*') start++;
  const rest = literalPrefix(term.slice(start));
  return rest === undefined || rest === '' ? undefined : rest;
}

/** A term's text when it has no wildcard but trailing `*`s (which add nothing to "begins with"), else undefined. */
function literalPrefix(term: string): string | undefined {
  let end = term.length;
  while (end > 0 && term[end - 1] === '*' && !escapedAt(term, end - 1)) end--;
  const head = term.slice(0, end);
  if (!head || hasUnescaped(head, '*@#')) return undefined;
  return unescape(head);
}

/** Whether the character at `index` is escaped by a backslash (an odd run of them before it). */
function escapedAt(text: string, index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) slashes++;
  return slashes % 2 === 1;
}

/** Words-begin on a field, with the NDC form where the field always holds an NDC. */
export function fieldWordsBeginWith(field: LayoutField, expression: RawBuilder<unknown>, value: string): Condition {
  return field.ndcFormat ? ndcWordsBeginWith(expression, value) : wordsBeginWith(expression, value);
}

function textCondition(field: LayoutField, f: RawBuilder<unknown>, value: string, ctx: CriterionContext): Condition {
  // Case-insensitive as lower() = lower(), not as `~*`: a regex's case folding misses titlecase
  // letters ('ǅ' is neither its own lower nor upper case). An NDC's characters (digits, '-', '*')
  // have no case: the column is compared as it is, so that its btree serves the comparison.
  const own = field.ndcFormat ? f : sql`lower(${f})`;
  if (value.startsWith('==')) {
    const whole = value.slice(2);
    if (hasUnescaped(whole, '*@#')) {
      return sql<SqlBool>`lower(${f}) ~ lower(${`^${termToRegex(whole)}$`})`;
    }
    return sql<SqlBool>`${own} = lower(${unescape(whole)})`;
  }
  if (value.startsWith('=')) {
    const word = unescape(value.slice(1).trim());
    if (field.ndcFormat && ndcWholeWordOf(value) !== undefined) return ndcWholeWord(f, word);
    return sql<SqlBool>`lower(${f}) ~ lower(${`${WORD_START}${regexEscape(word)}($|[^[:alnum:]])`})`;
  }
  const cmp = COMPARISON.exec(value);
  if (cmp) {
    const operand = unescape(cmp[2]!.trim());
    if (!operand) invalid(field, value, 'needs something to compare with');
    return sql<SqlBool>`${own} ${sql.raw(cmp[1]!)} lower(${operand})`;
  }
  const range = splitRange(value);
  if (range && range[0].trim() && range[1].trim()) {
    // Inclusive at both ends: "F...S" includes everything that begins with S. The database counts
    // the characters of S (JavaScript's length counts UTF-16 units: 2 for '𝔘').
    const to = unescape(range[1].trim());
    return sql<SqlBool>`(${own} >= lower(${unescape(range[0].trim())}) AND left(${own}, length(${to})) <= lower(${to}))`;
  }
  if (value === '//') return sql<SqlBool>`${f} = ${ctx.today ?? todayIso()}`;
  return fieldWordsBeginWith(field, f, value);
}

const INT4_MAX = 2_147_483_647;

/**
 * A number operand as a parameter. A whole number that fits any integer column travels untyped, so
 * the column's own type (and its index) decides; any other number is compared exactly as `numeric`
 * (an integer column cannot take `1.5` or `1e20` as its own type, and a double would round
 * 9007199254740993). Exponents stay within numeric's ±1000.
 */
function numberOperand(field: LayoutField, raw: string, whole: string): RawBuilder<unknown> {
  const text = raw.trim().replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) invalid(field, whole, 'is not a number');
  const n = Number(text);
  const exponent = /e([-+]?\d+)$/i.exec(text);
  if (!Number.isFinite(n) || (exponent && Math.abs(Number(exponent[1])) > 1000)) invalid(field, whole, 'is out of range');
  if (/^[-+]?\d+(\.0*)?$/.test(text) && Math.abs(n) <= INT4_MAX) return sql`${n}`;
  return sql`${text}::numeric`;
}

function numberCondition(field: LayoutField, f: RawBuilder<unknown>, value: string): Condition {
  const v = value.startsWith('==') ? value.slice(2) : value.startsWith('=') ? value.slice(1) : value;
  const cmp = COMPARISON.exec(v);
  if (cmp) return sql<SqlBool>`${f} ${sql.raw(cmp[1]!)} ${numberOperand(field, cmp[2]!, value)}`;
  const range = RANGE.exec(v);
  if (range && range[1]!.trim() && range[2]!.trim()) {
    return sql<SqlBool>`${f} BETWEEN ${numberOperand(field, range[1]!, value)} AND ${numberOperand(field, range[2]!, value)}`;
  }
  return sql<SqlBool>`${f} = ${numberOperand(field, v, value)}`;
}

/** A date value as the half-open interval of days it names: a day, a month (`5/2024`) or a year. */
function dateInterval(field: LayoutField, raw: string, whole: string, ctx: CriterionContext): { from: string; to: string } {
  const text = raw.trim();
  if (text === '//') {
    const today = ctx.today ?? todayIso();
    return { from: today, to: addDays(today, 1) };
  }
  let m = /^(\d{1,2})\/(\d{4})$/.exec(text) ?? /^(\d{1,2})\/\*\/(\d{4})$/.exec(text);
  if (m) {
    const month = Number(m[1]);
    const year = Number(m[2]);
    // There is no year 0 (the calendar goes from 1 BC to AD 1).
    if (month < 1 || month > 12 || year < 1) invalid(field, whole, 'is not a date (use MM/DD/YYYY)');
    return { from: isoDay(year, month, 1), to: month === 12 ? isoDay(year + 1, 1, 1) : isoDay(year, month + 1, 1) };
  }
  m = /^(\d{4})$/.exec(text);
  if (m) {
    const year = Number(m[1]);
    if (year < 1) invalid(field, whole, 'is not a date (use MM/DD/YYYY)');
    return { from: isoDay(year, 1, 1), to: isoDay(year + 1, 1, 1) };
  }
  const day = parseUsDate(text);
  if (!day) invalid(field, whole, 'is not a date (use MM/DD/YYYY)');
  return { from: day, to: addDays(day, 1) };
}

/**
 * An ISO day with the year written in (at least) four digits: PostgreSQL reads `2-01-01` as 2002,
 * and the day after 12/31/9999 is `10000-01-01` (toISOString would write `+010000-01-01`).
 */
function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function dateCondition(field: LayoutField, f: RawBuilder<unknown>, value: string, ctx: CriterionContext): Condition {
  // Timestamps are compared by their calendar day in the session's time zone: `t::date >= d` is
  // `t >= d::timestamptz` (midnight of d in the same zone), which a btree on t serves.
  const day = f;
  const at = (iso: string) => (field.type === 'timestamp' ? sql`${iso}::date::timestamptz` : sql`${iso}::date`);
  const v = value.startsWith('==') ? value.slice(2) : value.startsWith('=') ? value.slice(1) : value;
  const cmp = COMPARISON.exec(v);
  if (cmp) {
    const { from, to } = dateInterval(field, cmp[2]!, value, ctx);
    switch (cmp[1]) {
      case '<':
        return sql<SqlBool>`${day} < ${at(from)}`;
      case '<=':
        return sql<SqlBool>`${day} < ${at(to)}`;
      case '>':
        return sql<SqlBool>`${day} >= ${at(to)}`;
      default:
        return sql<SqlBool>`${day} >= ${at(from)}`;
    }
  }
  const range = RANGE.exec(v);
  if (range && range[1]!.trim() && range[2]!.trim()) {
    const a = dateInterval(field, range[1]!, value, ctx);
    const b = dateInterval(field, range[2]!, value, ctx);
    return sql<SqlBool>`(${day} >= ${at(a.from)} AND ${day} < ${at(b.to)})`;
  }
  const { from, to } = dateInterval(field, v, value, ctx);
  return sql<SqlBool>`(${day} >= ${at(from)} AND ${day} < ${at(to)})`;
}

const YES = new Set(['yes', 'y', '1', 'true']);
const NO = new Set(['no', 'n', '0', 'false']);

/**
 * What a yes/no find asks, as the emptiness it is: "yes" is `*` (IS TRUE), "no" is `=` (IS NOT TRUE);
 * undefined for anything else (which `yesNoCondition` refuses).
 */
export function yesNoAsEmptiness(value: string): '*' | '=' | undefined {
  const v = value.replace(/^==?/, '').trim().toLowerCase();
  return YES.has(v) ? '*' : NO.has(v) ? '=' : undefined;
}

function yesNoCondition(field: LayoutField, f: RawBuilder<unknown>, value: string): Condition {
  const v = value.replace(/^==?/, '').trim().toLowerCase();
  if (YES.has(v)) return sql<SqlBool>`${f} IS TRUE`;
  if (NO.has(v)) return sql<SqlBool>`${f} IS NOT TRUE`;
  invalid(field, value, 'is not Yes or No');
}

/** A term's text up to its first wildcard (escapes resolved), and whether that is all of it. */
function literalStart(term: string): { text: string; whole: boolean } {
  let text = '';
  for (let i = 0; i < term.length; i++) {
    const c = term[i]!;
    if (c === '\\' && i + 1 < term.length) {
      text += term[++i]!;
      continue;
    }
    if (c === '*' || c === '@' || c === '#') {
      // Trailing `*`s add nothing to "begins with".
      const rest = term.slice(i);
      return { text, whole: /^\*+$/.test(rest) };
    }
    text += c;
  }
  return { text, whole: true };
}

/** The longest run of a term's literal characters (escapes resolved, wildcards between runs): what any text it matches contains. */
export function longestLiteralRun(term: string): string {
  let best = '';
  let run = '';
  for (let i = 0; i < term.length; i++) {
    const c = term[i]!;
    if (c === '\\' && i + 1 < term.length) {
      run += term[++i]!;
    } else if (c === '*' || c === '@' || c === '#') {
      if ([...run].length > [...best].length) best = run;
      run = '';
    } else run += c;
  }
  return [...run].length > [...best].length ? run : best;
}

/**
 * What an index of word starts can answer of a text criterion: the literal starts its matches must
 * begin a word with (all of them), and whether a record with such words is a match without looking
 * further (`whole`). Undefined when some term has no literal start (it begins with a wildcard), or
 * the criterion is not about where words begin (comparisons, ranges, empty, today).
 */
export function wordStarts(value: string): { prefixes: { text: string; whole: boolean }[]; whole: boolean } | undefined {
  const v = value.trim();
  if (!v || v === '=' || v === '==' || v === '*' || v === '//' || v.startsWith('!') || v.startsWith('~')) return undefined;
  if (v.startsWith('==')) {
    const start = literalStart(v.slice(2));
    return start.text ? { prefixes: [{ text: start.text, whole: false }], whole: false } : undefined;
  }
  if (v.startsWith('=')) {
    const word = unescape(v.slice(1).trim());
    return word ? { prefixes: [{ text: word, whole: false }], whole: false } : undefined;
  }
  if (COMPARISON.test(v)) return undefined;
  const range = splitRange(v);
  if (range && range[0].trim() && range[1].trim()) return undefined;
  return termStarts(v);
}

/** `wordStarts` of a words-begin value, whatever it begins with (a quick-find word has no operators). */
export function termStarts(value: string): { prefixes: { text: string; whole: boolean }[]; whole: boolean } | undefined {
  const terms = splitTerms(value);
  if (!terms.length) return undefined;
  const prefixes = terms.map((t) => (t.phrase ? { text: t.text, whole: true } : literalStart(t.text)));
  if (prefixes.some((p) => !p.text)) return undefined;
  return { prefixes, whole: prefixes.every((p) => p.whole) };
}

/** The SQL condition for one `field: value` criterion. */
export function compileCriterion(field: LayoutField, rawValue: unknown, ctx: CriterionContext = {}): Condition {
  if (typeof rawValue !== 'string' && typeof rawValue !== 'number' && typeof rawValue !== 'boolean') {
    throw badRequest(`Field "${field.name}": the value must be text or a number`);
  }
  const value = String(rawValue).trim();
  const f = sql.raw(field.sql);
  if (value.length > 500) invalid(field, `${value.slice(0, 40)}…`, 'is too long (at most 500 characters)');
  // PostgreSQL text cannot hold NUL: no stored value contains it, and the database would refuse the parameter.
  if (value.includes('\u0000')) throw badRequest(`Field "${field.name}": the value contains a NUL character (U+0000).`);
  if (value.startsWith('!')) {
    throw badRequest(`Field "${field.name}": the duplicates operator (!) is not supported`);
  }
  if (value.startsWith('~')) throw badRequest(`Field "${field.name}": the relaxed operator (~) is not supported`);
  if (value === '') return sql<SqlBool>`true`;
  if (value === '=' || value === '==') {
    // `f IS NULL OR f = ''` (not coalesce(f, '') = ''): the same rows, and a btree on f serves both arms.
    return field.type === 'text' ? sql<SqlBool>`(${f} IS NULL OR ${f} = '')` : field.type === 'yesno' ? sql<SqlBool>`${f} IS NOT TRUE` : sql<SqlBool>`${f} IS NULL`;
  }
  if (value === '*') {
    return field.type === 'text' ? sql<SqlBool>`coalesce(${f}, '') <> ''` : field.type === 'yesno' ? sql<SqlBool>`${f} IS TRUE` : sql<SqlBool>`${f} IS NOT NULL`;
  }
  switch (field.type) {
    case 'text':
      return textCondition(field, f, value, ctx);
    case 'number':
      return numberCondition(field, f, value);
    case 'date':
    case 'timestamp':
      return dateCondition(field, f, value, ctx);
    case 'yesno':
      return yesNoCondition(field, f, value);
  }
}
