import type { FieldType } from '@3ds/domain';

/**
 * A model of the find grammar of docs/finds.md, written from the specification and without SQL:
 * given a criterion, it says which field values match (or that the criterion must be refused).
 * Property tests compare the API's found set with the one this model computes.
 *
 * Case-insensitivity and word boundaries are the database's (its `lower()` and `[[:alnum:]]`),
 * given as a character table read from the database once; everything else is computed here.
 */

/** How the database sees one character (code point). */
export interface CharTable {
  /** `lower(c)` in the database. */
  lower(c: string): string;
  /** Whether `lower(c)` is a letter or digit (`[[:alnum:]]`) in the database. */
  alnum(c: string): boolean;
}

/** A stored value as the model sees it: text, a decimal number as text, an ISO day, a yes/no. */
export type ModelValue = string | boolean | null;

export type Outcome = { refused: string } | { matches: (value: ModelValue) => boolean };

const refuse = (why: string): Outcome => ({ refused: why });
const matches = (fn: (value: ModelValue) => boolean): Outcome => ({ matches: fn });

const codePoints = (s: string) => [...s];

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

type GlobToken = { kind: 'char'; c: string } | { kind: 'one' } | { kind: 'digit' } | { kind: 'run' };

/** `\x` is the character x; `*` any run, `@` one character, `#` one digit (when `wildcards`). */
function globTokens(text: string, wildcards: boolean): GlobToken[] {
  const cps = codePoints(text);
  const out: GlobToken[] = [];
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (c === '\\' && i + 1 < cps.length) out.push({ kind: 'char', c: cps[++i]! });
    else if (wildcards && c === '*') out.push({ kind: 'run' });
    else if (wildcards && c === '@') out.push({ kind: 'one' });
    else if (wildcards && c === '#') out.push({ kind: 'digit' });
    else out.push({ kind: 'char', c });
  }
  return out;
}

/** Whether tokens match `data` from `start`: the whole rest (`whole`) or some prefix of it. */
function globMatch(data: readonly string[], start: number, tokens: readonly GlobToken[], whole: boolean): boolean {
  // reachable[j]: after the tokens so far, data position start + j is reachable.
  let reachable = new Array<boolean>(data.length - start + 1).fill(false);
  reachable[0] = true;
  for (const token of tokens) {
    const next = new Array<boolean>(reachable.length).fill(false);
    for (let j = 0; j < reachable.length; j++) {
      if (!reachable[j]) continue;
      if (token.kind === 'run') {
        for (let k = j; k < reachable.length; k++) next[k] = true;
        break;
      }
      const c = data[start + j];
      if (c === undefined) continue;
      const ok = token.kind === 'one' || (token.kind === 'digit' ? /^[0-9]$/.test(c) : token.c === c);
      if (ok) next[j + 1] = true;
    }
    reachable = next;
    if (!reachable.some(Boolean)) return false;
  }
  return whole ? reachable[reachable.length - 1]! : reachable.some(Boolean);
}

/** Resolves `\x` escapes (a trailing lone backslash stays). */
function unescapeText(text: string): string {
  const cps = codePoints(text);
  let out = '';
  for (let i = 0; i < cps.length; i++) out += cps[i] === '\\' && i + 1 < cps.length ? cps[++i] : cps[i];
  return out;
}

/** Code point order, as the C / C.UTF-8 collation compares. */
function compareCodePoints(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]!.codePointAt(0)! - b[i]!.codePointAt(0)!;
    if (d) return d;
  }
  return a.length - b.length;
}

/** The first range separator (`...`, `…`, `..`) that is not escaped, with both sides non-blank. */
function splitRange(value: string): [string, string] | undefined {
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') {
      i++;
      continue;
    }
    const sep = value.startsWith('...', i) ? 3 : value[i] === '…' ? 1 : value.startsWith('..', i) ? 2 : 0;
    if (!sep) continue;
    const from = value.slice(0, i);
    const to = value.slice(i + sep);
    return from.trim() && to.trim() ? [from, to] : undefined;
  }
  return undefined;
}

/** Space-separated terms; `"quoted phrases"` stay whole (empty ones are dropped). */
function terms(value: string): { text: string; phrase: boolean }[] {
  const out: { text: string; phrase: boolean }[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    if (m[1] !== undefined) {
      if (m[1].trim()) out.push({ text: m[1], phrase: true });
    } else out.push({ text: m[2]!, phrase: false });
  }
  return out;
}

export class TextModel {
  readonly #t: CharTable;
  constructor(table: CharTable) {
    this.#t = table;
  }

  lower(s: string): string[] {
    return codePoints(s).map((c) => this.#t.lower(c));
  }

  #lowerTokens(tokens: GlobToken[]): GlobToken[] {
    return tokens.map((t) => (t.kind === 'char' ? { kind: 'char', c: this.#t.lower(t.c) } : t));
  }

  #wordStarts(data: readonly string[]): number[] {
    const starts: number[] = [];
    for (let p = 0; p <= data.length; p++) if (p === 0 || !this.#t.alnum(data[p - 1]!)) starts.push(p);
    return starts;
  }

  /** Some word of `value` begins with the term (wildcards allowed unless a phrase). */
  beginsWord(value: string, term: { text: string; phrase: boolean }): boolean {
    const data = this.lower(value);
    const tokens = this.#lowerTokens(term.phrase ? codePoints(term.text).map((c) => ({ kind: 'char', c }) as GlobToken) : globTokens(term.text, true));
    return this.#wordStarts(data).some((p) => globMatch(data, p, tokens, false));
  }

  /** `word` occurs in `value` as whole words: at a word start, followed by the end or a non-alphanumeric. */
  wholeWord(value: string, word: string): boolean {
    const data = this.lower(value);
    const w = this.lower(word);
    return this.#wordStarts(data).some((p) => {
      if (p + w.length > data.length) return false;
      for (let i = 0; i < w.length; i++) if (data[p + i] !== w[i]) return false;
      const after = data[p + w.length];
      return after === undefined || !this.#t.alnum(after);
    });
  }

  evaluate(value: string, today: string): Outcome {
    if (value.startsWith('==')) {
      const tokens = this.#lowerTokens(globTokens(value.slice(2), true));
      return matches((v) => typeof v === 'string' && globMatch(this.lower(v), 0, tokens, true));
    }
    if (value.startsWith('=')) {
      const word = unescapeText(value.slice(1).trim());
      return matches((v) => typeof v === 'string' && this.wholeWord(v, word));
    }
    const cmp = /^(<=|>=|<|>)(.*)$/s.exec(value);
    if (cmp) {
      const operand = unescapeText(cmp[2]!.trim());
      if (!operand) return refuse('needs something to compare with');
      const x = this.lower(operand);
      const op = cmp[1]!;
      return matches((v) => {
        if (typeof v !== 'string') return false;
        const d = compareCodePoints(this.lower(v), x);
        return op === '<' ? d < 0 : op === '<=' ? d <= 0 : op === '>' ? d > 0 : d >= 0;
      });
    }
    const range = splitRange(value);
    if (range) {
      const from = this.lower(unescapeText(range[0].trim()));
      const to = this.lower(unescapeText(range[1].trim()));
      // Inclusive at both ends: "F...S" includes everything that begins with S.
      return matches((v) => {
        if (typeof v !== 'string') return false;
        const d = this.lower(v);
        return compareCodePoints(d, from) >= 0 && compareCodePoints(d.slice(0, to.length), to) <= 0;
      });
    }
    if (value === '//') return matches((v) => v === today);
    return this.wordsBegin(value);
  }

  /** The default text find (and each quick-find word): every term begins some word of the field. */
  wordsBegin(value: string): Outcome {
    const ts = terms(value);
    // No terms (only empty phrases): nothing to look for, every record matches.
    if (!ts.length) return matches(() => true);
    return matches((v) => typeof v === 'string' && ts.every((term) => this.beginsWord(v, term)));
  }
}

// ---------------------------------------------------------------------------------------------
// Numbers: exact decimals
// ---------------------------------------------------------------------------------------------

/** A decimal as `mantissa × 10^exponent`, exactly. */
interface Decimal {
  mantissa: bigint;
  exponent: number;
}

export function parseDecimal(text: string): Decimal | undefined {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?(?:e([-+]?\d+))?$/i.exec(text);
  if (!m || !(m[2]! + (m[3] ?? ''))) return undefined;
  const digits = m[2]! + (m[3] ?? '');
  const mantissa = BigInt(digits) * (m[1] === '-' ? -1n : 1n);
  return { mantissa, exponent: Number(m[4] ?? 0) - (m[3] ?? '').length };
}

export function compareDecimal(a: Decimal, b: Decimal): number {
  const e = Math.min(a.exponent, b.exponent);
  const x = a.mantissa * 10n ** BigInt(a.exponent - e);
  const y = b.mantissa * 10n ** BigInt(b.exponent - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A number criterion's operand: commas ignored; must be a finite number with an exponent within ±1000. */
function numberOperand(raw: string): Decimal | undefined {
  const text = raw.trim().replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  if (!Number.isFinite(Number(text))) return undefined;
  const exponent = /e([-+]?\d+)$/i.exec(text);
  if (exponent && Math.abs(Number(exponent[1])) > 1000) return undefined;
  return parseDecimal(text);
}

function numberOutcome(value: string): Outcome {
  const v = value.startsWith('==') ? value.slice(2) : value.startsWith('=') ? value.slice(1) : value;
  const test = (fn: (d: number) => boolean, x: Decimal) =>
    matches((stored) => typeof stored === 'string' && fn(compareDecimal(parseDecimal(stored)!, x)));
  const cmp = /^(<=|>=|<|>)(.*)$/s.exec(v);
  if (cmp) {
    const x = numberOperand(cmp[2]!);
    if (!x) return refuse('is not a number');
    const op = cmp[1];
    return test((d) => (op === '<' ? d < 0 : op === '<=' ? d <= 0 : op === '>' ? d > 0 : d >= 0), x);
  }
  const range = /^(.*?)(?:\.\.\.|…|\.\.)(.*)$/s.exec(v);
  if (range && range[1]!.trim() && range[2]!.trim()) {
    const a = numberOperand(range[1]!);
    const b = numberOperand(range[2]!);
    if (!a || !b) return refuse('is not a number');
    return matches((stored) => {
      if (typeof stored !== 'string') return false;
      const d = parseDecimal(stored)!;
      return compareDecimal(d, a) >= 0 && compareDecimal(d, b) <= 0;
    });
  }
  const x = numberOperand(v);
  if (!x) return refuse('is not a number');
  return test((d) => d === 0, x);
}

// ---------------------------------------------------------------------------------------------
// Dates: days as integers, proleptic Gregorian calendar
// ---------------------------------------------------------------------------------------------

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

/** A day as a sortable number `y·10⁴ + m·10² + d` (years past 9999 sort correctly too). */
const dayKey = (y: number, m: number, d: number) => y * 10_000 + m * 100 + d;
export const isoDayKey = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return dayKey(y!, m!, d!);
};
function nextDay(y: number, m: number, d: number): number {
  if (d < daysInMonth(y, m)) return dayKey(y, m, d + 1);
  return m < 12 ? dayKey(y, m + 1, 1) : dayKey(y + 1, 1, 1);
}

/** The half-open interval of days a date text names: a day, a month (`5/2024`, `5/*‍/2024`) or a year. */
function dateInterval(raw: string, today: string): { from: number; to: number } | undefined {
  const text = raw.trim();
  if (text === '//') {
    const [y, m, d] = today.split('-').map(Number);
    return { from: dayKey(y!, m!, d!), to: nextDay(y!, m!, d!) };
  }
  let match = /^(\d{1,2})\/(\d{4})$/.exec(text) ?? /^(\d{1,2})\/\*\/(\d{4})$/.exec(text);
  if (match) {
    const [month, year] = [Number(match[1]), Number(match[2])];
    if (month < 1 || month > 12 || year < 1) return undefined;
    return { from: dayKey(year, month, 1), to: month === 12 ? dayKey(year + 1, 1, 1) : dayKey(year, month + 1, 1) };
  }
  match = /^(\d{4})$/.exec(text);
  if (match) {
    const year = Number(match[1]);
    return year < 1 ? undefined : { from: dayKey(year, 1, 1), to: dayKey(year + 1, 1, 1) };
  }
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Years before 100 are refused: a four-digit year is expected (docs/finds.md).
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { from: dayKey(year, month, day), to: nextDay(year, month, day) };
}

function dateOutcome(value: string, today: string): Outcome {
  const v = value.startsWith('==') ? value.slice(2) : value.startsWith('=') ? value.slice(1) : value;
  const day = (stored: ModelValue) => (typeof stored === 'string' ? isoDayKey(stored) : undefined);
  const cmp = /^(<=|>=|<|>)(.*)$/s.exec(v);
  if (cmp) {
    const i = dateInterval(cmp[2]!, today);
    if (!i) return refuse('is not a date');
    const op = cmp[1];
    return matches((s) => {
      const d = day(s);
      if (d === undefined) return false;
      return op === '<' ? d < i.from : op === '<=' ? d < i.to : op === '>' ? d >= i.to : d >= i.from;
    });
  }
  const range = /^(.*?)(?:\.\.\.|…|\.\.)(.*)$/s.exec(v);
  if (range && range[1]!.trim() && range[2]!.trim()) {
    const a = dateInterval(range[1]!, today);
    const b = dateInterval(range[2]!, today);
    if (!a || !b) return refuse('is not a date');
    return matches((s) => {
      const d = day(s);
      return d !== undefined && d >= a.from && d < b.to;
    });
  }
  const i = dateInterval(v, today);
  if (!i) return refuse('is not a date');
  return matches((s) => {
    const d = day(s);
    return d !== undefined && d >= i.from && d < i.to;
  });
}

// ---------------------------------------------------------------------------------------------
// Yes / no
// ---------------------------------------------------------------------------------------------

function yesNoOutcome(value: string): Outcome {
  const v = value.replace(/^==?/, '').trim().toLowerCase();
  if (['yes', 'y', '1', 'true'].includes(v)) return matches((s) => s === true);
  if (['no', 'n', '0', 'false'].includes(v)) return matches((s) => s !== true);
  return refuse('is not Yes or No');
}

// ---------------------------------------------------------------------------------------------
// One criterion
// ---------------------------------------------------------------------------------------------

export function evaluateCriterion(type: FieldType, raw: unknown, text: TextModel, today: string): Outcome {
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') return refuse('must be text or a number');
  const value = String(raw).trim();
  if (value.length > 500) return refuse('is too long');
  if (value.includes('\u0000')) return refuse('contains NUL, which no stored text can');
  if (value.startsWith('!')) return refuse('duplicates are not supported');
  if (value.startsWith('~')) return refuse('relaxed finds are not supported');
  if (value === '') return matches(() => true);
  if (value === '=' || value === '==') {
    return matches((v) => (type === 'text' ? v === null || v === '' : type === 'yesno' ? v !== true : v === null));
  }
  if (value === '*') {
    return matches((v) => (type === 'text' ? v !== null && v !== '' : type === 'yesno' ? v === true : v !== null));
  }
  switch (type) {
    case 'text':
      return text.evaluate(value, today);
    case 'number':
      return numberOutcome(value);
    case 'date':
    case 'timestamp':
      return dateOutcome(value, today);
    case 'yesno':
      return yesNoOutcome(value);
  }
}

/** Quick find: every word begins a word of at least one of the fields. */
export function quickFindWords(text: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  const input = text.slice(0, 500);
  for (let m = re.exec(input); m; m = re.exec(input)) {
    const w = m[1] !== undefined ? `"${m[1]}"` : m[2]!;
    if (w !== '""') words.push(w);
  }
  return words;
}
