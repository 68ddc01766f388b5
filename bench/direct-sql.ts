import { LAYOUTS } from '../apps/server/src/records/layouts/index.ts';
import { ndcWordStartsFor } from '../apps/server/src/records/find-criterion.ts';
import type { Layout, LayoutField, PortalDef } from '../apps/server/src/records/layout.ts';

/**
 * The recounting baseline: the SQL a list or detail call ran before any engine optimisation
 * (records.repository.ts as of the "Exports" commit), rebuilt here by hand so that engine changes
 * (count caching, deferred joins) never change the baseline. Only the layouts' field expressions,
 * joins and portals are read, so the columns stay those the API returns.
 *
 *  - a page: SELECT the list's fields FROM the table with every join they need
 *    WHERE <find> ORDER BY <sort>, id LIMIT n OFFSET m;
 *  - the found count: SELECT count(*) with the joins the find needs, WHERE <find>;
 *  - when a find narrows the list, the total count too (WHERE <base condition> only);
 *  - a record: its row with all fields, then each portal's rows with count(*) OVER ().
 *
 * Page and counts go to the database in parallel, the portals after the record, as the engine did.
 * Its find conditions are the engine's of today (text finds through the word index where the layout
 * has one), so that the baseline differs from the engine only by recounting and joining every row.
 */
export interface Statement {
  text: string;
  values: unknown[];
}

/** Statements of one request: stages run one after the other, the statements of a stage in parallel. */
export interface DirectPlan {
  kind: 'list' | 'detail';
  stages: Statement[][];
}

/** A criterion as the bench's cases use them; the value grammar is FileMaker's (docs/finds.md). */
export type Criterion = { field: string; words: string } | { field: string; equals: number };
export interface FindRequestSpec {
  omit?: boolean;
  criteria: Criterion[];
}

export interface ListSpec {
  entity: keyof typeof LAYOUTS;
  quickFind?: string;
  requests?: FindRequestSpec[];
  sort?: { field: string; descending?: boolean }[];
  offset: number;
  limit: number;
  /** The signed-in user's parent organisation: dictionaries are scoped by it. */
  parentOrganization?: string | null;
}

const WORD_START = '(^|[^[:alnum:]])';

/** Numbered parameters in order of appearance, as Kysely numbers them. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function field(layout: Layout, name: string): LayoutField {
  const found = layout.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new Error(`bench: no field "${name}" in ${layout.entity}`);
  return found;
}

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A FileMaker term without wildcards or operators (all the bench's cases use), as a regex. */
function plainTerm(term: string): string {
  if (/[*@#"=<>!~…\\]|\.\.|\/\//.test(term)) throw new Error(`bench: the term "${term}" needs the full find grammar`);
  return regexEscape(term);
}

/** "Every word begins a word of the field": `(lower(f) ~ p1 AND lower(f) ~ p2)`. */
function wordsBeginWith(expression: string, value: string, params: Params): string {
  const terms = value.split(/\s+/).filter(Boolean);
  return `(${terms.map((t) => `lower(${expression}) ~ ${params.add((WORD_START + plainTerm(t)).toLowerCase())}`).join(' AND ')})`;
}

/**
 * The same on a column that always holds an NDC, written as the find compiler writes it
 * (find-criterion.ts `ndcWordsBeginWith`): prefix matches at the word starts where the term fits.
 */
function ndcWordsBeginWith(expression: string, value: string, params: Params): string {
  const terms = value.split(/\s+/).filter(Boolean);
  return `(${terms
    .map((t) => {
      plainTerm(t);
      const arms = ndcWordStartsFor(t).map((start) =>
        start === 0 ? `${expression} LIKE ${params.add(`${t}%`)}` : `substr(${expression}, ${start + 1}) LIKE ${params.add(`${t}%`)}`,
      );
      return arms.length ? `(${arms.join(' OR ')})` : 'false';
    })
    .join(' AND ')})`;
}

/**
 * The records of the word index (015_search_words.sql) with an entry that begins with `term`: in one
 * field (its code) or any, each record once, as the engine asks them (search-words.ts `wordCandidates`).
 * The bench's terms have no wildcards and at most 16 characters, so the entries are the answer.
 */
function wordCandidates(space: number, code: number | undefined, term: string, params: Params): string {
  plainTerm(term);
  if ([...term].length > 16) throw new Error(`bench: the term "${term}" is longer than the word index keeps`);
  const previous = code === undefined ? 'prev' : 'field_prev';
  const p = params.add(term);
  return `SELECT record_id AS id FROM search_words WHERE space = ${space}${code === undefined ? '' : ` AND field = ${code}`}
    AND word LIKE (search_word_pattern(${p}) COLLATE "C") AND (${previous} IS NULL OR ${previous} < (search_word_key(${p}) COLLATE "C"))`;
}

/** A quick-find word as the engine finds it on a layout with a word index: its own fields' entries, and related records through the joins. */
function indexedQuickWord(layout: Layout, quickFields: readonly LayoutField[], word: string, params: Params): string {
  const sets = [wordCandidates(layout.search!.space, undefined, word, params)];
  for (const f of quickFields.filter((q) => q.joins?.length)) {
    const condition = [layout.baseWhere, wordsBeginWith(f.type === 'text' ? f.sql : `(${f.sql})::text`, word, params)].filter(Boolean).join(' AND ');
    sets.push(`SELECT ${layout.idSql} AS id FROM ${fromClause(layout, [f])} WHERE ${condition}`);
  }
  return `${layout.idSql} IN (${sets.map((set) => `(${set})`).join(' UNION ')})`;
}

function criterion(layout: Layout, c: Criterion, params: Params): { sql: string; field: LayoutField; indexed?: boolean } {
  const f = field(layout, c.field);
  if ('words' in c) {
    if (f.type !== 'text') throw new Error(`bench: ${c.field} is not a text field`);
    const code = layout.search ? layout.search.fields.indexOf(f.name) + 1 : 0;
    if (code > 0) {
      const terms = c.words.split(/\s+/).filter(Boolean);
      const sets = terms.map((t) => wordCandidates(layout.search!.space, code, t, params));
      return { sql: sets.map((set) => `${layout.idSql} IN (${set})`).join(' AND '), field: f, indexed: true };
    }
    return { sql: (f.ndcFormat ? ndcWordsBeginWith : wordsBeginWith)(f.sql, c.words, params), field: f };
  }
  if (f.type !== 'number') throw new Error(`bench: ${c.field} is not a number field`);
  return { sql: `${f.sql} = ${params.add(c.equals)}`, field: f };
}

interface Find {
  where: string;
  fields: LayoutField[];
  everything: boolean;
}

/** The find's condition: base condition, scope, quick find, then the requests in order (find adds, omit removes). */
function prepareFind(layout: Layout, spec: Pick<ListSpec, 'entity' | 'quickFind' | 'requests' | 'parentOrganization'>, params: Params): Find {
  const conditions: string[] = [];
  const fields: LayoutField[] = [];
  if (layout.baseWhere) conditions.push(layout.baseWhere);
  if (spec.entity === 'dictionaries') {
    conditions.push(
      spec.parentOrganization
        ? `(d.labeler_organization IS NULL OR d.labeler_organization = ${params.add(spec.parentOrganization)})`
        : 'd.labeler_organization IS NULL',
    );
  }
  let everything = true;
  if (spec.quickFind) {
    const quickFields = layout.quickFind.map((name) => field(layout, name));
    const words = spec.quickFind.split(/\s+/).filter(Boolean);
    const perWord = words.map((word) => {
      if (layout.search) return indexedQuickWord(layout, quickFields, word, params);
      const anyField = quickFields.map((f) => (f.ndcFormat ? ndcWordsBeginWith : wordsBeginWith)(f.type === 'text' ? f.sql : `(${f.sql})::text`, word, params));
      return `(${anyField.join(' OR ')})`;
    });
    conditions.push(`(${perWord.join(' AND ')})`);
    if (!layout.search) fields.push(...quickFields);
    everything = false;
  }
  if (spec.requests?.length) {
    let expression: string | undefined;
    for (const request of spec.requests) {
      const parts = request.criteria.map((c) => criterion(layout, c, params));
      fields.push(...parts.filter((p) => !p.indexed).map((p) => p.field));
      const match = parts.length === 1 ? parts[0]!.sql : parts.length ? `(${parts.map((p) => p.sql).join(' AND ')})` : 'true';
      if (request.omit) {
        const without = `NOT coalesce(${match}, false)`;
        expression = expression === undefined ? without : `(${expression} AND ${without})`;
      } else {
        expression = expression === undefined ? match : `(${expression} OR ${match})`;
      }
    }
    conditions.push(expression!);
    everything = false;
  }
  return { where: conditions.length ? conditions.join(' AND ') : 'true', fields, everything };
}

/** FROM with exactly the joins the fields need, in the layout's order. */
function fromClause(layout: Layout, fields: readonly LayoutField[]): string {
  const needed = new Set(fields.flatMap((f) => f.joins ?? []));
  const joins = Object.entries(layout.joins)
    .filter(([name]) => needed.has(name))
    .map(([, clause]) => clause);
  return [layout.from, ...joins].join(' ');
}

function selectList(fields: readonly { sql: string }[]): string {
  return fields.map((f, i) => `${f.sql} AS "f${i}"`).join(', ');
}

/** A list call: the page, the found count and (for a find) the total count, all in parallel. */
export function listPlan(spec: ListSpec): DirectPlan {
  const layout = LAYOUTS[spec.entity];
  // The columns the list answers (a layout may keep some fields for the detail only).
  const columns = (layout as Layout & { listFields?: readonly LayoutField[] }).listFields ?? layout.fields;
  const sort = (spec.sort ?? []).map((s) => ({ field: field(layout, s.field), descending: s.descending ?? false }));
  const orderBy = [...sort.map((s) => `${s.field.sql} ${s.descending ? 'DESC' : 'ASC'}`), `${layout.idSql} ASC`].join(', ');

  const pageParams = new Params();
  const pageFind = prepareFind(layout, spec, pageParams);
  const page: Statement = {
    text: `SELECT ${layout.idSql} AS __id, ${layout.modIdSql} AS __mod, ${selectList(columns)} FROM ${fromClause(layout, [...columns, ...pageFind.fields])} WHERE ${pageFind.where} ORDER BY ${orderBy} LIMIT ${pageParams.add(spec.limit)} OFFSET ${pageParams.add(spec.offset - 1)}`,
    values: pageParams.values,
  };
  const countParams = new Params();
  const countFind = prepareFind(layout, spec, countParams);
  const count: Statement = {
    text: `SELECT count(*)::int AS n FROM ${fromClause(layout, countFind.fields)} WHERE ${countFind.where}`,
    values: countParams.values,
  };
  const stage = [page, count];
  if (!countFind.everything) {
    const totalParams = new Params();
    const all = prepareFind(layout, { entity: spec.entity, parentOrganization: spec.parentOrganization ?? null }, totalParams);
    stage.push({ text: `SELECT count(*)::int AS n FROM ${fromClause(layout, all.fields)} WHERE ${all.where}`, values: totalParams.values });
  }
  return { kind: 'list', stages: [stage] };
}

function portalStatement(portal: PortalDef, parentValue: unknown): Statement {
  const params = new Params();
  const text =
    `SELECT ${portal.idSql} AS __id, ${portal.modIdSql ?? '0'} AS __mod, count(*) OVER () AS __count, ${selectList(portal.fields)} ` +
    `FROM ${portal.from} WHERE ${portal.parentKey} = ${params.add(parentValue)} ${portal.where ? `AND ${portal.where}` : ''} ` +
    `ORDER BY ${portal.orderBy} LIMIT ${params.add(portal.limit)}`;
  return { text, values: params.values };
}

/**
 * A record with its portals: the record first, then its portals in parallel. The bench's records
 * (a container, a job) tie their portals by their own id, so the portal statements are known up front.
 */
export function detailPlan(entity: 'containers' | 'jobs', id: number): DirectPlan {
  const layout = LAYOUTS[entity];
  if (layout.portals.some((p) => p.parentValue && p.parentValue !== layout.idSql)) {
    throw new Error(`bench: a portal of ${entity} is not tied to the record's id`);
  }
  const params = new Params();
  const find = prepareFind(layout, { entity }, new Params());
  const parentValues = layout.portals.map((p, i) => `${p.parentValue ?? layout.idSql} AS "__p${i}"`);
  const record: Statement = {
    text:
      `SELECT ${layout.idSql} AS __id, ${layout.modIdSql} AS __mod, ${selectList(layout.fields)}${parentValues.length ? `, ${parentValues.join(', ')}` : ''} ` +
      `FROM ${fromClause(layout, layout.fields)} WHERE ${layout.idSql} = ${params.add(id)} AND ${find.where}`,
    values: params.values,
  };
  return { kind: 'detail', stages: [[record], layout.portals.map((p) => portalStatement(p, id))] };
}
