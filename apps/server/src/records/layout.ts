import type { EntityCatalogue, FieldType } from '@3ds/domain';
import { sql, type RawBuilder } from 'kysely';
import type { SearchSpace } from './search-words.ts';

/**
 * A layout maps one entity of the API onto SQL: the FileMaker-style field names the client reads,
 * each with its SQL expression, the joins it needs, quick-find fields and portals. One engine serves
 * list, find, sort, detail, export and delete from it.
 *
 * SQL fragments here are written by us, never by a caller: user input only ever reaches SQL as
 * parameters.
 */
export interface LayoutField {
  /** The API name, e.g. `Company Name` or `Registration::Expiration Date`. */
  name: string;
  type: FieldType;
  /** SQL expression over the layout's aliases. */
  sql: string;
  /** Joins (keys of `Layout.joins`) the expression needs. */
  joins?: readonly string[];
  /** Tables the field reads beyond the layout's own (through joins or subqueries): a cached count over it depends on them. */
  tables?: readonly string[];
  /** The SQL yields `<file id>/<file name>`, shown as a signed download link. */
  fileLink?: boolean;
  /** Left out of list pages (costly or only useful on the record's own screen). */
  detailOnly?: boolean;
  /**
   * The column always holds an NDC, `LLLLL-PPPP-KK` or `LLLLL-PPPP-**` (a CHECK constraint), so a
   * words-begin find on it is a prefix match at one of three places, which a btree serves.
   */
  ndcFormat?: boolean;
  /**
   * A text column with few different values, counted by value (071 `value_counts`) and with a btree
   * that leads with the layout's base columns and then the column (070): a text find on it is tested
   * on its values, and the rows of the values that match are read from the index.
   */
  fewValues?: boolean;
  /** The column leads a btree after the layout's base columns (070 migration): a range of it is read from the index. */
  btree?: boolean;
}

export interface PortalDef {
  /** Portal object name, e.g. `Registration`; row keys are `<name>::<field>`. */
  name: string;
  fields: readonly LayoutField[];
  /** `FROM` clause with joins, e.g. `registrations r`. */
  from: string;
  /** The column tying a portal row to its parent record. */
  parentKey: string;
  /** The parent's value that `parentKey` equals, as SQL over the parent layout (default: its id). */
  parentValue?: string;
  /** Extra condition on the portal rows (written by us). */
  where?: string;
  orderBy: string;
  idSql: string;
  modIdSql?: string;
  limit: number;
}

export interface Layout {
  entity: string;
  /** The table of `from`. */
  table: string;
  /** `FROM` clause, with alias, e.g. `companies c`. */
  from: string;
  idSql: string;
  modIdSql: string;
  /** Condition every row of this layout meets (e.g. the container kind). */
  baseWhere?: string;
  /** The fields a list page answers (all but the detail-only ones). */
  listFields: readonly LayoutField[];
  /** Named joins, added to the query only when a used field needs them. */
  joins: Readonly<Record<string, string>>;
  /**
   * A condition every row's related record of a join meets, by a constraint (a line item's container
   * is of its kind: 002's foreign key), by join name: a find on a related field looks among those
   * related records alone (`find-request.ts` `relatedKeys`).
   */
  joinedWhere?: Readonly<Record<string, string>>;
  fields: readonly LayoutField[];
  quickFind: readonly string[];
  portals: readonly PortalDef[];
  /** Singular route name (`/company/12`). */
  singular: string;
  /** Other names a field is known by (alias → the field's name), accepted wherever a field name is input. */
  aliases: Readonly<Record<string, string>>;
  /** The layout's space in the word index and its indexed fields (015_search_words.sql), if it has one. */
  search?: SearchSpace;
  /**
   * The SQL of the text a trigram index holds for "contains" (070 migration): the own quick-find
   * fields, lower-cased and joined. A find word that begins with a wildcard is looked up in it by its
   * longest literal run before the rows are tested.
   */
  containsText?: string;
  /**
   * The fields (their SQL, `ct.name`) whose text `containsText` holds: a text criterion on one of them
   * (not only the word index's fields) is looked up there first by its longest literal runs. Without
   * it, the word index's fields.
   */
  containsFields?: readonly string[];
  /**
   * Where the layout's rows are counted by value (071 migration, `value_counts`): the table and the
   * kind its base condition picks. Its columns of few values and the keys of its related records are
   * counted there.
   */
  valueCounts?: ValueCounts;
}

export interface ValueCounts {
  table: string;
  kind: string;
  /**
   * The columns whose emptiness is counted (075 migration: under `__empty`, a character a column in
   * this order, '1' where the column is empty as `=` means it), so that `=` and `*` on them are counted
   * from the value counts.
   */
  emptyColumns?: readonly string[];
}

/**
 * The field a name given as input stands for (find criteria, sort, quick find), matched
 * case-insensitively like FileMaker does: a field's own name or one of its aliases. Answers always
 * use the field's own name.
 */
export function fieldByName(layout: Layout, name: string): LayoutField | undefined {
  const wanted = name.toLowerCase();
  const own = layout.fields.find((f) => f.name.toLowerCase() === wanted);
  if (own) return own;
  const alias = Object.keys(layout.aliases).find((a) => a.toLowerCase() === wanted);
  return alias === undefined ? undefined : layout.fields.find((f) => f.name === layout.aliases[alias]);
}

/** A field's SQL and the joins it needs: `'c.name'` or `['r.state', 'registration']`. */
export type FieldSql = string | readonly [string, ...string[]];

export interface LayoutDefinition {
  from: string;
  idSql: string;
  modIdSql: string;
  baseWhere?: string;
  joins?: Record<string, string>;
  /** See `Layout.joinedWhere`. */
  joinedWhere?: Record<string, string>;
  /** SQL for every field of the entity's catalogue, by API name. */
  fields: Record<string, FieldSql>;
  /** Fields whose SQL yields `<file id>/<file name>`, answered as signed download links. */
  fileFields?: readonly string[];
  /** Fields whose column a CHECK constraint holds to the NDC format (see `LayoutField.ndcFormat`). */
  ndcFields?: readonly string[];
  portals?: PortalDef[];
  /**
   * Other names of a field, accepted as input beside its own (alias → field name), for clients that
   * spell a field as another FileMaker layout did: spec 2 §7 finds jobs by `Registration Number`,
   * which our jobs layout calls `Registration::Registration Number`. The catalogue name stays the
   * one answers use.
   */
  aliases?: Record<string, string>;
  /**
   * The layout's records in the word index (015_search_words.sql): its space and, in the order of the
   * space's values function, the fields indexed — exactly the layout's own quick-find fields, so that a
   * quick-find word is one range of the index.
   */
  search?: SearchSpace;
  /** Own text fields with few different values, each with its btree (see `LayoutField.fewValues`). */
  fewValues?: readonly string[];
  /** See `Layout.containsText`. */
  containsText?: string;
  /** See `Layout.containsFields`. */
  containsFields?: readonly string[];
  /** See `Layout.valueCounts`. */
  valueCounts?: ValueCounts;
  /** Own fields whose column leads a btree after the base columns (`LayoutField.btree`); a test holds each to an index. */
  btreeFields?: readonly string[];
}

/**
 * Joins a catalogue (names, labels, types: shared with the web) with the SQL of each field.
 * Fails at start-up if a catalogue field has no SQL or a mapping names no catalogue field, or if an
 * alias names no field or could be mistaken for a field or another alias (names match case-insensitively).
 */
export function defineLayout(catalogue: EntityCatalogue, definition: LayoutDefinition): Layout {
  const mapped = new Set(Object.keys(definition.fields));
  const missing = catalogue.fields.filter((f) => !mapped.has(f.name)).map((f) => f.name);
  const extra = [...mapped].filter((name) => !catalogue.fields.some((f) => f.name === name));
  if (missing.length || extra.length) {
    throw new Error(`Layout ${catalogue.entity}: no SQL for [${missing.join(', ')}]; unknown fields [${extra.join(', ')}]`);
  }
  for (const name of [...(definition.fileFields ?? []), ...(definition.ndcFields ?? []), ...(definition.fewValues ?? []), ...(definition.btreeFields ?? [])]) {
    if (!mapped.has(name)) throw new Error(`Layout ${catalogue.entity}: unknown field ${name}`);
  }
  const aliases = definition.aliases ?? {};
  const taken = new Map(catalogue.fields.map((f) => [f.name.toLowerCase(), `field ${f.name}`]));
  for (const [alias, name] of Object.entries(aliases)) {
    if (!mapped.has(name)) throw new Error(`Layout ${catalogue.entity}: alias ${alias} names unknown field ${name}`);
    const clash = taken.get(alias.toLowerCase());
    if (clash) throw new Error(`Layout ${catalogue.entity}: alias ${alias} is already the name of ${clash}`);
    taken.set(alias.toLowerCase(), `alias ${alias}`);
  }
  const joins = definition.joins ?? {};
  const fields = catalogue.fields.map((f) => {
    const spec = definition.fields[f.name]!;
    const [expression, ...needs] = typeof spec === 'string' ? [spec] : spec;
    for (const j of needs) if (!(j in joins)) throw new Error(`Layout ${catalogue.entity}: field ${f.name} needs unknown join ${j}`);
    const tables = new Set([...needs.flatMap((j) => tablesIn(joins[j]!)), ...tablesIn(expression)]);
    const fileLink = definition.fileFields?.includes(f.name) ?? false;
    const ndcFormat = definition.ndcFields?.includes(f.name) ?? false;
    const fewValues = definition.fewValues?.includes(f.name) ?? false;
    const btree = definition.btreeFields?.includes(f.name) ?? false;
    if (btree && needs.length) throw new Error(`Layout ${catalogue.entity}: ${f.name} is not an own field, its btree is another table's`);
    if (fewValues && !definition.valueCounts) throw new Error(`Layout ${catalogue.entity}: ${f.name} is one of few values, but the layout keeps no value counts`);
    if (fewValues && (f.type !== 'text' || needs.length)) throw new Error(`Layout ${catalogue.entity}: ${f.name} is not an own text field, it cannot be one of few values`);
    return {
      name: f.name,
      type: f.type,
      sql: expression,
      joins: needs,
      tables: [...tables],
      ...(fileLink ? { fileLink } : {}),
      ...(ndcFormat ? { ndcFormat } : {}),
      ...(fewValues ? { fewValues } : {}),
      ...(btree ? { btree } : {}),
      ...(f.detailOnly ? { detailOnly: true } : {}),
    };
  });
  return {
    entity: catalogue.entity,
    table: tablesIn(`FROM ${definition.from}`)[0]!,
    singular: catalogue.singular,
    from: definition.from,
    idSql: definition.idSql,
    modIdSql: definition.modIdSql,
    ...(definition.baseWhere ? { baseWhere: definition.baseWhere } : {}),
    joins,
    ...(definition.joinedWhere ? { joinedWhere: definition.joinedWhere } : {}),
    fields,
    listFields: fields.filter((f) => !f.detailOnly),
    quickFind: catalogue.quickFind,
    portals: definition.portals ?? [],
    aliases,
    ...(definition.search ? { search: checkedSearch(catalogue, fields, definition.search) } : {}),
    ...(definition.containsText ? { containsText: definition.containsText } : {}),
    ...(definition.containsFields ? { containsFields: definition.containsFields } : {}),
    ...(definition.valueCounts ? { valueCounts: definition.valueCounts } : {}),
  };
}

/** The word index's fields must be the layout's own quick-find fields, each known. */
function checkedSearch(catalogue: EntityCatalogue, fields: readonly LayoutField[], search: SearchSpace): SearchSpace {
  const own = catalogue.quickFind.filter((name) => !fields.find((f) => f.name === name)?.joins?.length);
  if ([...own].sort().join('|') !== [...search.fields].sort().join('|')) {
    throw new Error(`Layout ${catalogue.entity}: the word index holds [${search.fields.join(', ')}], its own quick-find fields are [${own.join(', ')}]`);
  }
  return search;
}

/**
 * The text columns of each small table that one trigram index holds for "contains"
 * (072_small_lists_contain.sql, and 084_order_forms.sql for the Form 222 register: the same columns,
 * in this order). Line items have their own (070, the layout's `containsText`).
 */
export const CONTAINS_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  containers: ['name', 'pallet', 'container_type', 'gross_uom', 'created_by', 'modified_by'],
  jobs: [
    'name',
    'activity',
    'late_destruction_reason',
    'facility_transported_to',
    'transporter',
    'transport_method',
    'disposal_method',
    'destruction_facility',
    'destruction_facility_address',
    'transfer_witness_1',
    'transfer_witness_2',
    'destruction_witness_1',
    'destruction_witness_2',
    'cwf_number',
    'created_by',
    'modified_by',
  ],
  registrations: ['registration_number', 'activity', 'status_mask', 'license_type', 'license_number', 'federal_agency', 'state_agency', 'address1', 'address2', 'address3', 'city', 'state', 'zip'],
  companies: ['name', 'address1', 'address2', 'city', 'state', 'zip', 'main_phone', 'fax', 'report_type', 'created_by', 'modified_by'],
  ndc_dictionary: ['schedule', 'trade_name', 'strength', 'package_size_uom', 'uom_value_list', 'drug_code', 'form', 'ingredient_name', 'package_description', 'labeler_organization'],
  order_forms: ['form_number', 'note', 'status_reason', 'status_changed_by', 'created_by', 'modified_by'],
  losses: ['name', 'ndc', 'lot', 'form_106_number', 'created_by', 'modified_by'],
};

/**
 * The text a trigram index holds for "contains" over `columns` (each a text column's SQL): lower-cased,
 * joined by U+001F, NULL as ''. The migration's index expression is this text without the alias.
 */
export function containsTextOf(columns: readonly string[]): string {
  return `lower(${columns.map((c) => `coalesce(${c}, '')`).join(' || chr(31) || ')})`;
}

/** A small table's contains text and the fields it holds, its columns under `alias` (`CONTAINS_COLUMNS`). */
export function containsOf(table: string, alias: string): { containsText: string; containsFields: string[] } {
  const columns = CONTAINS_COLUMNS[table];
  if (!columns) throw new Error(`No contains index on ${table} (CONTAINS_COLUMNS).`);
  const fields = columns.map((c) => `${alias}.${c}`);
  return { containsText: containsTextOf(fields), containsFields: fields };
}

/**
 * The number columns of each small table whose digits a trigram index of its own holds
 * (073_small_lists_digits.sql: `lower((column)::text)`): those its quick find reads, so that a word
 * is looked up in them as in the text columns. Kept out of the contains text, which every row a dense
 * word matches computes again (two more columns cost 20 % more there).
 */
export const DIGITS_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  containers: ['id', 'job_id'],
  jobs: ['id'],
  registrations: ['company_id'],
  companies: ['id'],
};

/** Whether a quick-find field is a number of the layout's own whose digits have a trigram index (`DIGITS_COLUMNS`). */
export function digitsIndexed(layout: Layout, field: LayoutField): boolean {
  if (field.type !== 'number' || field.joins?.length) return false;
  const [table, alias] = layout.from.split(/\s+/);
  return (DIGITS_COLUMNS[table!] ?? []).some((c) => `${alias}.${c}` === field.sql);
}

/** Whether the layout's `containsText` holds this field's text (the word index's fields, or `containsFields`). */
export function containsHolds(layout: Layout, field: LayoutField): boolean {
  if (!layout.containsText || field.joins?.length) return false;
  // An NDC's criteria have forms of their own (its prefix indexes, 005): it is left to them.
  if (layout.containsFields) return field.type === 'text' && !field.ndcFormat && layout.containsFields.includes(field.sql);
  return searchCode(layout, field) !== undefined;
}

/** A field's code in the layout's word index (1-based), or undefined when the index does not hold it. */
export function searchCode(layout: Layout, field: LayoutField): number | undefined {
  const index = layout.search?.fields.indexOf(field.name) ?? -1;
  return index < 0 ? undefined : index + 1;
}

/** The joins the given fields need, in the layout's order. */
export function joinsFor(layout: Layout, fields: readonly LayoutField[]): RawBuilder<unknown> {
  const needed = new Set(fields.flatMap((f) => f.joins ?? []));
  const joins = Object.entries(layout.joins)
    .filter(([name]) => needed.has(name))
    .map(([, clause]) => clause);
  return sql.raw(joins.join(' '));
}

/** `FROM` the layout's table with exactly the joins the given fields need. */
export function fromWith(layout: Layout, fields: readonly LayoutField[]): RawBuilder<unknown> {
  return sql`${sql.raw(layout.from)} ${joinsFor(layout, fields)}`;
}

/** A portal field: `['Registration::Expiration Date', 'date', 'r.expiration_date']`. */
export function portalFields(list: readonly (readonly [string, FieldType, string])[]): LayoutField[] {
  return list.map(([name, type, expression]) => ({ name, type, sql: expression }));
}

/**
 * Every table a layout's statements may read: its own, its joins', its fields' (subqueries too) and
 * its portals'. An answer of the layout can change only when one of them does.
 */
export function layoutTables(layout: Layout): string[] {
  const fragments = [
    `FROM ${layout.from}`,
    layout.baseWhere ?? '',
    ...Object.values(layout.joins),
    ...layout.fields.map((f) => f.sql),
    ...layout.portals.flatMap((p) => [`FROM ${p.from}`, p.where ?? '', p.orderBy, ...p.fields.map((f) => f.sql)]),
  ];
  return [...new Set(fragments.flatMap(tablesIn))].sort();
}

/** Table names after FROM or JOIN in a fragment of our own SQL (`JOIN LATERAL (…)` names none itself). */
function tablesIn(fragment: string): string[] {
  return [...fragment.matchAll(/\b(?:FROM|JOIN)\s+(?!LATERAL\b)([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]!.toLowerCase());
}
