import type { FindRequest } from '@3ds/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest } from '../errors/app-error.ts';
import { compileCriterion, containsPattern, distinctTerms, fieldWordsBeginWith, longestLiteralRun, ndcArmsByTerm, ndcTermsAreLiteral, ndcWholeWordOf, ndcWildcardsOnBtrees, splitTerms, termStarts, wordStarts, yesNoAsEmptiness, type CriterionContext, type Term } from './find-criterion.ts';
import { CONTAINS_COLUMNS, containsHolds, containsOf, digitsIndexed, fieldByName, fromWith, searchCode, type Layout, type LayoutField } from './layout.ts';
import { intersect, prefixIsWhole, union, wordCandidates, type IdSet } from './search-words.ts';

// A find request's shape is the list contract's (the domain's); this module compiles it to SQL.
export { findRequestSchema, findRequestsSchema, type FindRequest } from '@3ds/domain';

export interface CompiledFind {
  /** The condition, answered through indexes where it can be (id sets in place of row-by-row tests). */
  where: RawBuilder<SqlBool>;
  /** The same condition tested on each row, as the grammar reads: for a handful of rows (count corrections). */
  plain: RawBuilder<SqlBool>;
  /** The layout fields the condition means (their joins: the plain condition needs them; the count depends on their tables). */
  fields: LayoutField[];
  /** The fields `where` itself reads from the row (their joins must be in a query over `where`). */
  rowFields: LayoutField[];
  /** When the condition is one set of record ids, base condition included: those ids, each once. */
  ids?: IdSet;
  /**
   * Whether an index reads the rows `where` can match (a word set, the keys of related records, the
   * values of a column, a range of a column's btree): a page is then those rows in id order, not a
   * walk along the id order that tests each row (which, when the matches are few or all recent, reads
   * the whole table to fill one page).
   */
  indexed?: boolean;
  /** When the condition is one criterion the layout's value counts answer: the statement that counts its rows (071 migration). */
  counted?: RawBuilder<unknown>;
  /** When the condition is one criterion on a related record's field: the row's key and the related records' ids it must be among. */
  keyed?: KeyedFind;
}

/** A find on a related record's field: rows whose `key` (`li.job_id`) is among `keys` (`SELECT j.id FROM jobs j WHERE …`). */
export interface KeyedFind {
  key: string;
  keys: RawBuilder<unknown>;
  /** The related records are of the layout's own rows' kind (`Layout.joinedWhere`): every row keyed to them meets the layout's base condition. */
  ownKind: boolean;
}

/**
 * The field a criterion names: its own name or an alias, case-insensitively; an unknown name is a 400
 * naming it (docs/finds.md). Aliases let a client use another FileMaker layout's spelling
 * (spec 2 §7's `Registration Number` on jobs).
 */
function field(layout: Layout, name: string): LayoutField {
  const found = fieldByName(layout, name);
  if (!found) throw badRequest(`Unknown field "${name}" in ${layout.entity}.`);
  return found;
}

/** `<id> IN (<ids>)`. */
function inSet(layout: Layout, ids: IdSet): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.raw(layout.idSql)} IN (${ids})`;
}

/**
 * The layout's records (base condition included) that meet `plain`, among `candidates` when given:
 * an id set made from a row condition, for a condition on related records or a check of candidates.
 */
function idsWhere(layout: Layout, fields: readonly LayoutField[], plain: RawBuilder<SqlBool>, candidates?: IdSet): IdSet {
  const conditions = [
    ...(layout.baseWhere ? [sql<SqlBool>`${sql.raw(layout.baseWhere)}`] : []),
    ...(candidates ? [inSet(layout, candidates)] : []),
    plain,
  ];
  return sql`SELECT ${sql.raw(layout.idSql)} AS id FROM ${fromWith(layout, fields)} WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** The word index's answer to a criterion on one indexed field, or undefined. */
function criterionIds(layout: Layout, f: LayoutField, value: unknown, plain: RawBuilder<SqlBool>): IdSet | undefined {
  const code = searchCode(layout, f);
  // A number criterion is a comparison (the key's btree answers it), not a word find.
  if (code === undefined || f.type !== 'text' || typeof value !== 'string') return undefined;
  // An NDC's whole word, or its words with `#` and `@`: the rows of each arm read from its btree, which
  // holds the NDC, so that no row is fetched to be tested — where the word index gives every NDC word
  // that begins as the term does (`1@3`: the 105,000 NDCs with a part that begins with 1, 0.8 s).
  const arms = f.ndcFormat ? ndcArmsByTerm(sql.raw(f.sql), value) : undefined;
  if (arms) return intersect(arms.map((term) => (term.length ? union(term.map((arm) => idsWhere(layout, [f], arm))) : idsWhere(layout, [f], sql<SqlBool>`false`))));
  const starts = wordStarts(value);
  if (!starts) return undefined;
  const candidates = intersect(starts.prefixes.map((p) => wordCandidates(layout.search!.space, code, p.text)));
  return starts.whole && starts.prefixes.every((p) => prefixIsWhole(p.text)) ? candidates : idsWhere(layout, [f], plain, candidates);
}

/** One criterion in both forms. */
function compileOne(layout: Layout, f: LayoutField, value: unknown, ctx: CriterionContext): CompiledFind {
  const plain = compileCriterion(f, value, ctx);
  const few = f.fewValues ? fewValuesCondition(layout, f, value, ctx) : undefined;
  if (few) return { where: few.where, plain, fields: [f], rowFields: [f], indexed: true, ...(few.counted ? { counted: few.counted } : {}) };
  const ids = criterionIds(layout, f, value, plain);
  if (ids) return { where: inSet(layout, ids), plain, fields: [f], rowFields: [], ids, indexed: true };
  const related = relatedCondition(layout, f, value, plain);
  if (related) return { where: related.where, plain, fields: [f], rowFields: [], indexed: true, keyed: related.keyed, ...(related.counted ? { counted: related.counted } : {}) };
  const contains = typeof value === 'string' && containsHolds(layout, f) ? containsFirst(layout.containsText, value, plain) : undefined;
  // On a small list (`containsFields`) the count reads the index, but a page still walks the id order
  // (not `indexed`): a word most rows hold fills a page within a few rows, where sorting its matches
  // first cost more than the index saved (76 ms → 270 ms for "*clerk" on 100,000 containers).
  if (contains) return { where: contains, plain, fields: [f], rowFields: [f], ...(layout.containsFields ? {} : { indexed: true }) };
  const empty = emptyCounted(layout, f, value);
  return { where: plain, plain, fields: [f], rowFields: [f], indexed: rangeOfItsBtree(f, value), ...(empty ? { counted: empty } : {}) };
}

/**
 * `=` (empty) or `*` (not empty) on a column whose emptiness the value counts hold (075), and a yes/no
 * column's "no" and "yes": the rows counted under the emptiness texts with a '1' at the column's
 * place, or every row but those.
 */
function emptyCounted(layout: Layout, f: LayoutField, value: unknown): RawBuilder<unknown> | undefined {
  const text = typeof value === 'string' ? value.trim() : undefined;
  // A yes/no field's "yes" and "no" are its `*` and `=`.
  const v = text !== undefined && f.type === 'yesno' && text !== '=' && text !== '==' && text !== '*' ? yesNoAsEmptiness(text) : text;
  if (v !== '=' && v !== '==' && v !== '*') return undefined;
  const column = /^\w+\.(\w+)$/.exec(f.sql)?.[1];
  const place = column && !f.joins?.length ? (layout.valueCounts?.emptyColumns?.indexOf(column) ?? -1) : -1;
  if (place < 0) return undefined;
  const empty = sumOfCounts(layout, '__empty', (mask) => sql<SqlBool>`substr(${mask}, ${sql.lit(place + 1)}, 1) = '1'`);
  return v === '*' ? sql`SELECT (${countedEverything(layout)}) - (${empty})` : empty;
}

/**
 * Whether the plain condition is a range of the field's btree: a number, date or timestamp compared
 * (every operator but `*`, which most rows meet), or a text column empty (`f IS NULL OR f = ''`), on a
 * field whose column has one (`LayoutField.btree`).
 */
function rangeOfItsBtree(f: LayoutField, value: unknown): boolean {
  if (!f.btree) return false;
  const v = String(value).trim();
  if (!v || v === '*') return false;
  if (f.type === 'number' || f.type === 'date' || f.type === 'timestamp') return true;
  if (f.type !== 'text') return false;
  if (v === '=' || v === '==') return true;
  // An NDC is compared as it is (no lower()): `==`, comparisons and ranges are ranges of its btree.
  // A whole word of digits, or words with `#` and `@`, are ranges of its three btrees at each place a word begins.
  return f.ndcFormat === true && (v.startsWith('==') ? !/[*@#]/.test(v.slice(2)) : /^(<|>)/.test(v) || /\.\.|…/.test(v) || ndcWholeWordOf(v) !== undefined || ndcWildcardsOnBtrees(v));
}

const SIMPLE_JOIN = /^JOIN (\w+) (\w+) ON \2\.id = (\w+)\.(\w+)$/;

/**
 * A condition on a related record's field as the keys of the related records that meet it:
 * `li.job_id IN (SELECT j.id FROM jobs j WHERE …)`. The joins are inner and many-to-one (each row has
 * exactly one related record, by its id), so a row matches exactly when its key is among those ids;
 * the key's index then reads the rows, where a join would have read the whole table. Undefined for
 * a field whose joins are not of that shape (outer joins, lateral subqueries).
 */
function relatedCondition(layout: Layout, f: LayoutField, value: unknown, plain: RawBuilder<SqlBool>): { where: RawBuilder<SqlBool>; keyed: KeyedFind; counted?: RawBuilder<unknown> } | undefined {
  const related = relatedKeys(layout, f, plain, value);
  if (!related) return undefined;
  const { key, keyColumn, keys, ownKind } = related;
  const where = sql<SqlBool>`${sql.raw(key)} IN (${keys})`;
  return { where, keyed: { key, keys, ownKind }, ...(layout.valueCounts ? { counted: keyedCount(layout, keyColumn, keys) } : {}) };
}

/** Related records at most this many: their rows' counts are looked up one by one (`keyedCount`). */
const COUNT_BY_KEY_UP_TO = 2_000;

/**
 * The rows of the related records `keys` meets, counted as the sum of their counts (071). The
 * related ids are read once (a materialised CTE) and counted, and then one of two sums runs: for a
 * few, each one's counts looked up in the counts' index; for more, every count of the key's column
 * read once and looked up in the ids hashed. The planner guesses how many containers a text condition
 * meets, and guessed wrong both ways: probing the index once for each of 100,000 containers (`=PLT`,
 * 510 ms), or reading every count for a word nobody wrote.
 */
export function keyedCount(layout: Layout, keyColumn: string, keys: RawBuilder<unknown>, byKeyUpTo = COUNT_BY_KEY_UP_TO): RawBuilder<unknown> {
  const { table, kind } = layout.valueCounts!;
  const ofKey = sql<SqlBool>`__vc.tab = ${table} AND __vc.kind = ${kind} AND __vc.col = ${keyColumn}`;
  return sql`WITH __k (id) AS MATERIALIZED (${keys})
    SELECT CASE WHEN (SELECT count(*) FROM __k) <= ${sql.lit(byKeyUpTo)}
      THEN (SELECT coalesce(sum(__vc.rows), 0) FROM __k JOIN value_counts __vc ON ${ofKey} AND __vc.value = __k.id::text)
      ELSE (SELECT coalesce(sum(__vc.rows), 0) FROM value_counts __vc WHERE ${ofKey} AND coalesce(__vc.value IN (SELECT __k.id::text FROM __k), false))
    END`;
}

/**
 * The ids of the related records that meet `plain` (`SELECT j.id FROM jobs j … WHERE plain`) and the
 * row's key that holds them (`ct.job_id`, its column `job_id`), when the field's joins are inner and many-to-one, each by
 * the related record's id and hanging from the row or a record joined before; else undefined.
 */
function relatedKeys(layout: Layout, f: LayoutField, plain: RawBuilder<SqlBool>, value?: unknown): { key: string; keyColumn: string; keys: RawBuilder<unknown>; ownKind: boolean } | undefined {
  const names = f.joins ?? [];
  if (!names.length) return undefined;
  const own = layout.from.split(/\s+/)[1];
  const parsed = names.map((name) => SIMPLE_JOIN.exec(layout.joins[name] ?? ''));
  if (parsed.some((m) => !m)) return undefined;
  const [first, ...rest] = parsed as RegExpExecArray[];
  // The first join hangs from the layout's own row; each other from a record joined before it.
  if (!first || first[3] !== own) return undefined;
  const aliases = new Set([first[2]]);
  for (const m of rest) {
    if (!aliases.has(m[3]!)) return undefined;
    aliases.add(m[2]!);
  }
  const known = names.flatMap((n) => (layout.joinedWhere?.[n] ? [sql<SqlBool>`${sql.raw(layout.joinedWhere[n])}`] : []));
  const condition = relatedContains(parsed as RegExpExecArray[], f, value, plain);
  const keys = sql`SELECT ${sql.raw(`${first[2]}.id`)} FROM ${sql.raw(`${first[1]} ${first[2]}`)} ${sql.raw(names.slice(1).map((n) => layout.joins[n]).join(' '))} WHERE ${sql.join([...known, condition], sql` AND `)}`;
  return { key: `${first[3]}.${first[4]}`, keyColumn: first[4]!, keys, ownKind: names.length === 1 && known.length === 1 };
}

/**
 * `plain` on the related records, looked up first in their table's contains index (072) when the
 * field is one of its columns and the value a words-begin find with a run of three characters: a word
 * nobody wrote reads a few index pages, where testing every container read 100,000 rows (56 ms).
 */
function relatedContains(joins: readonly RegExpExecArray[], f: LayoutField, value: unknown, plain: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  const alias = /^(\w+)\.\w+$/.exec(f.sql)?.[1];
  const table = joins.find((m) => m[2] === alias)?.[1];
  if (typeof value !== 'string' || !alias || !table || !CONTAINS_COLUMNS[table]) return plain;
  const { containsText, containsFields } = containsOf(table, alias);
  return (containsFields.includes(f.sql) ? containsFirst(containsText, value, plain) : undefined) ?? plain;
}

/**
 * Every row of the layout's kind, counted by the value counts (071): the sum of the counts of one
 * column every row is counted under (its job, NULL included) — a few hundred rows where counting the
 * rows themselves reads the whole kind (365 ms over 850,000 line items). Undefined without value counts.
 */
export function countedEverything(layout: Layout): RawBuilder<unknown> | undefined {
  return layout.valueCounts ? sumOfCounts(layout, 'job_id', () => sql<SqlBool>`true`) : undefined;
}

/** The rows counted under the values of `column` (071 `value_counts`) that meet `condition`. */
function sumOfCounts(layout: Layout, column: string, condition: (value: RawBuilder<unknown>) => RawBuilder<SqlBool>): RawBuilder<unknown> {
  const { table, kind } = layout.valueCounts!;
  return sql`SELECT coalesce(sum(__vc.rows), 0) FROM value_counts __vc
    WHERE __vc.tab = ${table} AND __vc.kind = ${kind} AND __vc.col = ${column} AND ${condition(sql.ref('__vc.value'))}`;
}

/**
 * A text criterion on a column of few values (`LayoutField.fewValues`), answered over its values: the
 * criterion is tested on the column's different values alone, read from the value counts (071), and
 * the rows of the values that pass are read from the btree. Its own value decides a
 * text criterion, so the rows are the same; an empty column (NULL) is asked the criterion as NULL.
 * With value counts, the count is the sum of the passing values' counts.
 */
function fewValuesCondition(layout: Layout, f: LayoutField, value: unknown, ctx: CriterionContext): { where: RawBuilder<SqlBool>; counted?: RawBuilder<unknown> } | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  // An empty value asks nothing (every row, NULL too): nothing to look up.
  if (!text) return undefined;
  const column = sql.raw(f.sql);
  const columnName = /^\w+\.(\w+)$/.exec(f.sql)?.[1];
  const onValue = (v: string) => compileCriterion({ ...f, sql: v }, value, ctx);
  if (!layout.valueCounts || !columnName) return undefined;
  // An empty column (NULL) has no value to test: the criterion itself is asked of NULL (true for
  // "empty", or for a value that asks nothing, such as a blank phrase; the planner folds it away).
  const nullArm = sql<SqlBool>`(${column} IS NULL AND coalesce(${onValue('NULL::text')}, false))`;
  const { table, kind } = layout.valueCounts;
  const values = sql`SELECT __vc.value FROM value_counts __vc
    WHERE __vc.tab = ${table} AND __vc.kind = ${kind} AND __vc.col = ${columnName} AND __vc.value IS NOT NULL AND ${onValue('__vc.value')}`;
  // `= ANY (ARRAY(…))`, not `IN (…)`: the values are read once, before the rows, and the column's
  // btree takes them as its keys (bitmaps of two such criteria are ANDed). As a semi-join the
  // planner guessed one row from the values and probed them once per line item (1.8 s).
  const matching = sql<SqlBool>`${column} = ANY (ARRAY(${values}))`;
  return { where: sql<SqlBool>`(${matching} OR ${nullArm})`, counted: sumOfCounts(layout, columnName, () => onValue('__vc.value')) };
}

/**
 * A words-begin value, looked up first in a trigram index's text (a layout's `containsText`): the rows whose text contains each word's longest literal run of
 * three characters or more, and of those the rows that match. A word that matches a field contains
 * its runs, and the text holds the field, so no row is lost. It serves the words the word index cannot
 * look up (`*done`) and the fields it does not hold. Undefined when no word has such a run (the
 * trigram index would read all of itself).
 */
function containsFirst(containsText: string | undefined, value: string, plain: RawBuilder<SqlBool>): RawBuilder<SqlBool> | undefined {
  if (!containsText) return undefined;
  const v = value.trim();
  // Only the words-begin grammar: operators (==, =, <, ...) are not a list of words.
  if (/^(==?|<|>|\/\/|\*$)/.test(v) || /(\.\.|…)/.test(v)) return undefined;
  const runs = splitTerms(v)
    .map((t) => (t.phrase ? t.text : longestLiteralRun(t.text)))
    .filter((run) => [...run].length >= 3);
  if (!runs.length) return undefined;
  const text = sql.raw(containsText);
  return sql<SqlBool>`(${sql.join(
    runs.map((run) => sql<SqlBool>`${text} LIKE lower(${containsPattern(run)})`),
    sql` AND `,
  )} AND ${plain})`;
}

/** Conditions that must all hold. */
export function allOf(parts: readonly CompiledFind[]): CompiledFind {
  if (parts.length === 1) return parts[0]!;
  const and = (conditions: RawBuilder<SqlBool>[]) => (conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` AND `)})` : sql<SqlBool>`true`);
  const sets = parts.map((p) => p.ids);
  return {
    where: and(parts.map((p) => p.where)),
    plain: and(parts.map((p) => p.plain)),
    fields: parts.flatMap((p) => p.fields),
    rowFields: parts.flatMap((p) => p.rowFields),
    ...(parts.length && sets.every((s) => s !== undefined) ? { ids: intersect(sets as IdSet[]) } : {}),
    // All must hold: one part read through an index bounds the rows of all.
    ...(parts.some((p) => p.indexed) ? { indexed: true } : {}),
  };
}

/**
 * Ordered find requests as one boolean expression: fields within a request are ANDed; a find
 * request adds its matches (`e := e OR m`), an omit request removes them (`e := e AND NOT m`);
 * start from nothing, or from everything when the first request is an omit.
 */
export function compileFindRequests(layout: Layout, requests: readonly FindRequest[], ctx: CriterionContext = {}): CompiledFind {
  let where: RawBuilder<SqlBool> | undefined;
  let plain: RawBuilder<SqlBool> | undefined;
  const fields: LayoutField[] = [];
  const rowFields: LayoutField[] = [];
  const compiled = requests.map((request) => allOf(Object.entries(request.criteria).map(([name, value]) => compileOne(layout, field(layout, name), value, ctx))));
  requests.forEach((request, i) => {
    const match = compiled[i]!;
    fields.push(...match.fields);
    rowFields.push(...match.rowFields);
    // Plain predicates, no constant folding left to the planner: a lone find request is just its
    // condition, so the indexes on its fields serve it. NOT needs coalesce (NULL is "no match").
    const combine = (e: RawBuilder<SqlBool> | undefined, m: RawBuilder<SqlBool>) => {
      if (request.omit) {
        const without = sql<SqlBool>`NOT coalesce(${m}, false)`;
        return e === undefined ? without : sql<SqlBool>`(${e} AND ${without})`;
      }
      return e === undefined ? m : sql<SqlBool>`(${e} OR ${m})`;
    };
    where = combine(where, match.where);
    plain = combine(plain, match.plain);
  });
  // Only a single find request is one id set; unions and differences are left to the database.
  const single = requests.length === 1 && !requests[0]!.omit ? compiled[0]!.ids : undefined;
  // The rows found are those of the find requests (omits only take some away): through indexes when
  // every find request is, and the first is not an omit (which starts from every record).
  const finds = compiled.filter((_, i) => !requests[i]!.omit);
  const indexed = !requests[0]?.omit && finds.length > 0 && finds.every((c) => c.indexed);
  const counted = requests.length === 1 && !requests[0]!.omit ? compiled[0]!.counted : undefined;
  const keyed = requests.length === 1 && !requests[0]!.omit ? compiled[0]!.keyed : undefined;
  return {
    where: where ?? sql<SqlBool>`true`,
    plain: plain ?? sql<SqlBool>`true`,
    fields,
    rowFields,
    ...(single ? { ids: single } : {}),
    ...(indexed ? { indexed } : {}),
    ...(counted ? { counted } : {}),
    ...(keyed ? { keyed } : {}),
  };
}

/** Splits quick-find text into the words that narrow it (`distinctTerms`); quoted phrases stay whole. */
function quickFindWords(text: string): string[] {
  const words: Term[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] !== undefined) {
      if (m[1] !== '') words.push({ text: m[1], phrase: true });
    } else words.push({ text: m[2]!, phrase: false });
  }
  return distinctTerms(words).map((w) => (w.phrase ? `"${w.text}"` : w.text));
}

/** A quick-find field's text: numbers as their digits. */
function quickFindExpression(f: LayoutField): RawBuilder<unknown> {
  return sql.raw(f.type === 'text' ? f.sql : `(${f.sql})::text`);
}

/**
 * One quick-find word through the indexes: the word index for the layout's own quick-find fields,
 * and a find over the joins for those of related records (a company's name on a container). The
 * layout's own fields must all be indexed, or the word is tested row by row.
 */
function quickWordIds(layout: Layout, fields: readonly LayoutField[], word: string): IdSet | undefined {
  if (!layout.search) return undefined;
  const own = fields.filter((f) => !f.joins?.length);
  const related = fields.filter((f) => f.joins?.length);
  if (own.some((f) => searchCode(layout, f) === undefined) || own.length !== layout.search.fields.length) return undefined;
  const starts = termStarts(word);
  if (!starts || starts.prefixes.length !== 1) return undefined;
  const [prefix] = starts.prefixes;
  const candidates = wordCandidates(layout.search.space, undefined, prefix!.text);
  const ownPlain = sql<SqlBool>`(${sql.join(
    own.map((f) => fieldWordsBeginWith(f, quickFindExpression(f), word)),
    sql` OR `,
  )})`;
  const ownIds = starts.whole && prefixIsWhole(prefix!.text) ? candidates : idsWhere(layout, own, ownPlain, candidates);
  const relatedIds = related.map((f) => idsWhere(layout, [f], fieldWordsBeginWith(f, quickFindExpression(f), word)));
  return union([ownIds, ...relatedIds]);
}

/** Quick find: every word must begin a word in at least one of the layout's quick-find fields. */
export function compileQuickFind(layout: Layout, text: string): CompiledFind {
  const fields = layout.quickFind.map((name) => field(layout, name));
  if (text.includes('\u0000')) throw badRequest('The quick find contains a NUL character (U+0000).');
  const words = quickFindWords(text.slice(0, 500));
  if (!words.length) return { where: sql<SqlBool>`true`, plain: sql<SqlBool>`true`, fields: [], rowFields: [] };
  return allOf(
    words.map((word) => {
      const plain = sql<SqlBool>`(${sql.join(
        fields.map((f) => fieldWordsBeginWith(f, quickFindExpression(f), word)),
        sql` OR `,
      )})`;
      const ids = quickWordIds(layout, fields, word);
      if (ids) return { where: inSet(layout, ids), plain, fields, rowFields: [], ids, indexed: true };
      // The contains index answers when it holds every quick-find field (the own ones, all text).
      const contains = !layout.containsFields && fields.every((f) => containsHolds(layout, f)) ? containsFirst(layout.containsText, word, plain) : undefined;
      if (contains) return { where: contains, plain, fields, rowFields: fields, indexed: true };
      const byField = quickWordByField(layout, fields, word);
      // As a text criterion on a small list: the count reads the indexes, a page walks the id order
      // (not `indexed`), which a word most containers hold fills within a few rows.
      if (byField) return { where: byField.where, plain, fields, rowFields: byField.rowFields };
      return { where: plain, plain, fields, rowFields: fields };
    }),
  );
}

/**
 * One quick-find word on a small list (`containsFields`), field by field, with no join: the fields
 * the contains index holds in one lookup of it, a number's digits through their trigram index, an NDC through its
 * prefix btrees, a related record's field as the keys of the related records that match. When every
 * field has its index (`indexed`), the keys are read first (`= ANY (ARRAY(…))`), so that the key's
 * btree gives a bitmap the others' are ORed with; else each row is tested, the keys as a hashed set
 * (`IN (…)`), where a join per row to the related records cost 550 ms over 100,000 containers.
 */
function quickWordByField(layout: Layout, fields: readonly LayoutField[], word: string): { where: RawBuilder<SqlBool>; rowFields: LayoutField[]; indexed: boolean } | undefined {
  if (!layout.containsFields) return undefined;
  const wordOf = (f: LayoutField) => fieldWordsBeginWith(f, quickFindExpression(f), word);
  const anyOf = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
  const held = fields.filter((f) => containsHolds(layout, f));
  const own = fields.filter((f) => !f.joins?.length && !held.includes(f));
  const related = fields.filter((f) => f.joins?.length).map((f) => relatedKeys(layout, f, wordOf(f)));
  if (related.some((r) => !r)) return undefined;
  const heldPlain = held.length ? anyOf(held.map(wordOf)) : undefined;
  const contains = heldPlain ? containsFirst(layout.containsText, word, heldPlain) : undefined;
  // A number's digits have a trigram index of their own (073), read for a word with a run of three
  // characters; an NDC's words have its prefix btrees, for a word with no wildcard inside.
  const runOfThree = splitTerms(word).every((t) => [...(t.phrase ? t.text : longestLiteralRun(t.text))].length >= 3);
  const ownIndexed = (f: LayoutField) => (f.ndcFormat ? ndcTermsAreLiteral(word) : digitsIndexed(layout, f) && runOfThree);
  const indexed = (!heldPlain || contains !== undefined) && own.every(ownIndexed);
  const arms = [
    ...(heldPlain ? [contains ?? heldPlain] : []),
    ...own.map(wordOf),
    ...related.map((r) => (indexed ? sql<SqlBool>`${sql.raw(r!.key)} = ANY (ARRAY(${r!.keys}))` : sql<SqlBool>`${sql.raw(r!.key)} IN (${r!.keys})`)),
  ];
  return { where: anyOf(arms), rowFields: [...held, ...own], indexed };
}
