import { parseUsDate, todayIso } from '@3ds/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from '../errors/app-error.ts';
import type { LayoutField } from './layout.ts';

/**
 * Compiles one find criterion (`field: value`) to a parameterised SQL condition, following the
 * FileMaker value grammar of FILEMAKER.md §1. The field's SQL is ours; the value only ever travels
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

/** Splits a text value into terms; `"quoted phrases"` stay whole. */
function splitTerms(value: string): { text: string; phrase: boolean }[] {
  const terms: { text: string; phrase: boolean }[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    if (m[1] !== undefined) {
      if (m[1].trim()) terms.push({ text: m[1], phrase: true });
    } else terms.push({ text: m[2]!, phrase: false });
  }
  return terms;
}

/** `field` begins a word with each term (any order, case-insensitive): the default text find. */
export function wordsBeginWith(expression: RawBuilder<unknown>, value: string): Condition {
  const terms = splitTerms(value);
  if (!terms.length) return sql<SqlBool>`true`;
  const parts = terms.map((t) => {
    // lower(…) ~ lower-case pattern, so the trigram indexes on lower(column) serve the match.
    const pattern = (WORD_START + (t.phrase ? regexEscape(t.text) : termToRegex(t.text))).toLowerCase();
    return sql<SqlBool>`lower(${expression}) ~ ${pattern}`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

function textCondition(field: LayoutField, f: RawBuilder<unknown>, value: string, ctx: CriterionContext): Condition {
  if (value.startsWith('==')) {
    const whole = value.slice(2);
    if (hasUnescaped(whole, '*@#')) {
      return sql<SqlBool>`${f} ~* ${`^${termToRegex(whole)}$`}`;
    }
    return sql<SqlBool>`lower(${f}) = lower(${unescape(whole)})`;
  }
  if (value.startsWith('=')) {
    const word = unescape(value.slice(1).trim());
    return sql<SqlBool>`${f} ~* ${`${WORD_START}${regexEscape(word)}($|[^[:alnum:]])`}`;
  }
  const cmp = COMPARISON.exec(value);
  if (cmp) {
    const operand = unescape(cmp[2]!.trim());
    if (!operand) invalid(field, value, 'needs something to compare with');
    return sql<SqlBool>`lower(${f}) ${sql.raw(cmp[1]!)} lower(${operand})`;
  }
  const range = hasUnescaped(value, '.…') ? RANGE.exec(value) : null;
  if (range && range[1]!.trim() && range[2]!.trim()) {
    // Inclusive at both ends: "F...S" includes everything that begins with S.
    const to = unescape(range[2]!.trim());
    return sql<SqlBool>`(lower(${f}) >= lower(${unescape(range[1]!.trim())}) AND left(lower(${f}), ${to.length}) <= lower(${to}))`;
  }
  if (value === '//') return sql<SqlBool>`${f} = ${ctx.today ?? todayIso()}`;
  return wordsBeginWith(f, value);
}

function parseNumber(field: LayoutField, raw: string, whole: string): number {
  const text = raw.trim().replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) invalid(field, whole, 'is not a number');
  const n = Number(text);
  if (!Number.isFinite(n)) invalid(field, whole, 'is not a number');
  return n;
}

function numberCondition(field: LayoutField, f: RawBuilder<unknown>, value: string): Condition {
  const v = value.startsWith('==') ? value.slice(2) : value.startsWith('=') ? value.slice(1) : value;
  const cmp = COMPARISON.exec(v);
  if (cmp) return sql<SqlBool>`${f} ${sql.raw(cmp[1]!)} ${parseNumber(field, cmp[2]!, value)}`;
  const range = RANGE.exec(v);
  if (range && range[1]!.trim() && range[2]!.trim()) {
    return sql<SqlBool>`${f} BETWEEN ${parseNumber(field, range[1]!, value)} AND ${parseNumber(field, range[2]!, value)}`;
  }
  return sql<SqlBool>`${f} = ${parseNumber(field, v, value)}`;
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
    if (month < 1 || month > 12) invalid(field, whole, 'is not a date (use MM/DD/YYYY)');
    const from = `${m[2]}-${String(month).padStart(2, '0')}-01`;
    const to = month === 12 ? `${year + 1}-01-01` : `${m[2]}-${String(month + 1).padStart(2, '0')}-01`;
    return { from, to };
  }
  m = /^(\d{4})$/.exec(text);
  if (m) return { from: `${m[1]}-01-01`, to: `${Number(m[1]) + 1}-01-01` };
  const day = parseUsDate(text);
  if (!day) invalid(field, whole, 'is not a date (use MM/DD/YYYY)');
  return { from: day, to: addDays(day, 1) };
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function dateCondition(field: LayoutField, f: RawBuilder<unknown>, value: string, ctx: CriterionContext): Condition {
  // Timestamps are compared by their calendar day in the database's time zone.
  const day = field.type === 'timestamp' ? sql`(${f})::date` : f;
  const v = value.startsWith('==') ? value.slice(2) : value.startsWith('=') ? value.slice(1) : value;
  const cmp = COMPARISON.exec(v);
  if (cmp) {
    const { from, to } = dateInterval(field, cmp[2]!, value, ctx);
    switch (cmp[1]) {
      case '<':
        return sql<SqlBool>`${day} < ${from}::date`;
      case '<=':
        return sql<SqlBool>`${day} < ${to}::date`;
      case '>':
        return sql<SqlBool>`${day} >= ${to}::date`;
      default:
        return sql<SqlBool>`${day} >= ${from}::date`;
    }
  }
  const range = RANGE.exec(v);
  if (range && range[1]!.trim() && range[2]!.trim()) {
    const a = dateInterval(field, range[1]!, value, ctx);
    const b = dateInterval(field, range[2]!, value, ctx);
    return sql<SqlBool>`(${day} >= ${a.from}::date AND ${day} < ${b.to}::date)`;
  }
  const { from, to } = dateInterval(field, v, value, ctx);
  return sql<SqlBool>`(${day} >= ${from}::date AND ${day} < ${to}::date)`;
}

const YES = new Set(['yes', 'y', '1', 'true']);
const NO = new Set(['no', 'n', '0', 'false']);

function yesNoCondition(field: LayoutField, f: RawBuilder<unknown>, value: string): Condition {
  const v = value.replace(/^==?/, '').trim().toLowerCase();
  if (YES.has(v)) return sql<SqlBool>`${f} IS TRUE`;
  if (NO.has(v)) return sql<SqlBool>`${f} IS NOT TRUE`;
  invalid(field, value, 'is not Yes or No');
}

/** The SQL condition for one `field: value` criterion. */
export function compileCriterion(field: LayoutField, rawValue: unknown, ctx: CriterionContext = {}): Condition {
  if (typeof rawValue !== 'string' && typeof rawValue !== 'number' && typeof rawValue !== 'boolean') {
    throw badRequest(`Field "${field.name}": the value must be text or a number`);
  }
  const value = String(rawValue).trim();
  const f = sql.raw(field.sql);
  if (value.length > 500) invalid(field, `${value.slice(0, 40)}…`, 'is too long (at most 500 characters)');
  if (value.startsWith('!')) {
    throw badRequest(`Field "${field.name}": the duplicates operator (!) is not supported`);
  }
  if (value.startsWith('~')) throw badRequest(`Field "${field.name}": the relaxed operator (~) is not supported`);
  if (value === '') return sql<SqlBool>`true`;
  if (value === '=' || value === '==') {
    return field.type === 'text' ? sql<SqlBool>`coalesce(${f}, '') = ''` : field.type === 'yesno' ? sql<SqlBool>`${f} IS NOT TRUE` : sql<SqlBool>`${f} IS NULL`;
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
