/**
 * Every kind of record 3DS lists, defined once. A list entity (`GET /3ds/api/{entity}`) is one entry
 * here; the server's routes, the records engine, the history and lock-check routes, exports, live
 * updates, the web's routes, titles, sidebar and confirmations read what they need from it instead
 * of tabling the kinds again. Its fields and list columns are the entity's catalogue file
 * (`*.catalogue.ts`); `CATALOGUE` joins the two.
 *
 * docs/architecture.md ("Adding a list entity") walks through adding one.
 */

/**
 * The families of records: what the audit log, history and live updates call a record
 * (`entity` of an audit row and of a `change` event), and the table holding it. The standard and
 * Yellow Bucket kinds of a container or a line item are one family in one table, told apart by
 * their `kind` column.
 */
export const RECORD_FAMILIES = {
  company: { table: 'companies', liveEvents: true },
  registration: { table: 'registrations', liveEvents: true },
  job: { table: 'jobs', liveEvents: true },
  'order-form': { table: 'order_forms', liveEvents: true },
  loss: { table: 'losses', liveEvents: true },
  container: { table: 'containers', liveEvents: true },
  'line-item': { table: 'line_items', liveEvents: true },
  dictionary: { table: 'ndc_dictionary', liveEvents: false },
} as const satisfies Record<string, { table: string; liveEvents: boolean }>;
export type RecordFamily = keyof typeof RECORD_FAMILIES;

/** The two kinds a container or line item comes in (the `kind` column). */
export type RecordKind = 'standard' | 'yellow_bucket';

/** A screen a record kind has in the web app: its list, one record, one record's edit form. */
export type RecordScreen = 'list' | 'view' | 'edit';

export interface RecordKindSpec {
  /** The route segment of one record (`/3ds/api/yb-container/12`, `/3ds/yb-container/12`). */
  singular: string;
  family: RecordFamily;
  /** Standard or Yellow Bucket, for the families that have both. */
  kind?: RecordKind;
  /** The other kind of the same family: a Yellow Bucket twin, or the standard one of a twin. */
  twin?: string;
  /** How a sentence names one record, and several ("Yellow Bucket container", "…containers"). */
  one: string;
  many: string;
  /** The list screen's title ("Yellow Bucket Containers"). */
  title: string;
  /** One record's heading and document title, before its id ("Yellow Bucket Container 12"). */
  recordTitle: string;
  /** The sidebar's link to the list. */
  sidebar: string;
  /** The screens it has; every kind has its list. */
  screens: readonly RecordScreen[];
  /** Whether a row of its list links to the record's screen (the dictionary's rows do not). */
  rowsLink: boolean;
  /** Locked and unlocked (`/lock`, `/unlock`), with a lock pre-flight (`/lock-check`). */
  lockable: boolean;
  /** Has a history of its own and its children's arrivals and departures (`/history`). */
  history: boolean;
  /** The list entity of the record it belongs to, if any. */
  parent?: string;
  /**
   * The line items a list's export holds (spec 2 §7), and the column naming the record they belong
   * to; a job holds both kinds (its export's `recordType` chooses).
   */
  lineItems?: { standard: string; yellow_bucket?: string; key: 'job_id' | 'container_id' };
}

export const RECORD_KINDS = {
  companies: {
    singular: 'company',
    family: 'company',
    one: 'company',
    many: 'companies',
    title: 'Companies',
    recordTitle: 'Company',
    sidebar: 'Companies',
    screens: ['list', 'view'],
    rowsLink: true,
    lockable: false,
    history: false,
  },
  registrations: {
    singular: 'registration',
    family: 'registration',
    one: 'registration',
    many: 'registrations',
    title: 'Registrations',
    recordTitle: 'Registration',
    sidebar: 'Registrations',
    screens: ['list', 'view'],
    rowsLink: true,
    lockable: false,
    history: false,
    parent: 'companies',
  },
  jobs: {
    singular: 'job',
    family: 'job',
    one: 'job',
    many: 'jobs',
    title: 'Jobs',
    recordTitle: 'Job',
    sidebar: 'Jobs',
    screens: ['list', 'view', 'edit'],
    rowsLink: true,
    lockable: true,
    history: true,
    parent: 'registrations',
    lineItems: { standard: 'line-items', yellow_bucket: 'yb-line-items', key: 'job_id' },
  },
  'order-forms': {
    singular: 'order-form',
    family: 'order-form',
    one: 'Form 222',
    many: 'Form 222s',
    title: 'Form 222 Register',
    recordTitle: 'Form 222',
    sidebar: 'Form 222s',
    screens: ['list', 'view'],
    rowsLink: true,
    lockable: false,
    history: false,
    parent: 'registrations',
  },
  losses: {
    singular: 'loss',
    family: 'loss',
    one: 'loss',
    many: 'losses',
    title: 'Losses',
    recordTitle: 'Loss',
    sidebar: 'Losses',
    screens: ['list', 'view'],
    rowsLink: true,
    lockable: false,
    history: false,
    parent: 'jobs',
  },
  containers: {
    singular: 'container',
    family: 'container',
    kind: 'standard',
    twin: 'yb-containers',
    one: 'container',
    many: 'containers',
    title: 'Containers',
    recordTitle: 'Container',
    sidebar: 'Containers',
    screens: ['list', 'view', 'edit'],
    rowsLink: true,
    lockable: true,
    history: true,
    parent: 'jobs',
    lineItems: { standard: 'line-items', key: 'container_id' },
  },
  'line-items': {
    singular: 'line-item',
    family: 'line-item',
    kind: 'standard',
    twin: 'yb-line-items',
    one: 'line item',
    many: 'line items',
    title: 'Line Items',
    recordTitle: 'Line Item',
    sidebar: 'Line Items',
    screens: ['list', 'view', 'edit'],
    rowsLink: true,
    lockable: true,
    history: true,
    parent: 'containers',
  },
  'yb-containers': {
    singular: 'yb-container',
    family: 'container',
    kind: 'yellow_bucket',
    twin: 'containers',
    one: 'Yellow Bucket container',
    many: 'Yellow Bucket containers',
    title: 'Yellow Bucket Containers',
    recordTitle: 'Yellow Bucket Container',
    sidebar: 'Yellow Bucket',
    screens: ['list', 'view', 'edit'],
    rowsLink: true,
    lockable: true,
    history: true,
    parent: 'jobs',
    lineItems: { standard: 'yb-line-items', key: 'container_id' },
  },
  'yb-line-items': {
    singular: 'yb-line-item',
    family: 'line-item',
    kind: 'yellow_bucket',
    twin: 'line-items',
    one: 'Yellow Bucket line item',
    many: 'Yellow Bucket line items',
    title: 'Yellow Bucket Line Items',
    recordTitle: 'Yellow Bucket Line Item',
    sidebar: 'Yellow Bucket Line Items',
    screens: ['list', 'view', 'edit'],
    rowsLink: true,
    lockable: true,
    history: true,
    parent: 'yb-containers',
  },
  dictionaries: {
    singular: 'dictionary',
    family: 'dictionary',
    one: 'NDC dictionary entry',
    many: 'NDC dictionary entries',
    title: 'NDC Dictionary',
    recordTitle: 'NDC Dictionary Entry',
    sidebar: 'Dictionary',
    screens: ['list', 'view'],
    rowsLink: false,
    lockable: false,
    history: false,
  },
} as const satisfies Record<string, RecordKindSpec>;

/** The list entities of the API (`GET /3ds/api/{entity}`), in the order of the sidebar. */
export type EntityName = keyof typeof RECORD_KINDS;
export const ENTITIES = Object.keys(RECORD_KINDS) as [EntityName, ...EntityName[]];

export function isEntityName(value: string): value is EntityName {
  return Object.hasOwn(RECORD_KINDS, value);
}

/** An entity's definition, typed loosely (every optional fact may be absent). */
export function recordKind(entity: EntityName): RecordKindSpec & { entity: EntityName } {
  return { entity, ...(RECORD_KINDS[entity] as RecordKindSpec) };
}

/** The entities that are kinds of a family (both kinds of container, for instance), in catalogue order. */
export function entitiesOf(family: RecordFamily): EntityName[] {
  return ENTITIES.filter((entity) => RECORD_KINDS[entity].family === family);
}

/** The entity of a family's kind: `entityOf('container', 'yellow_bucket')` is `yb-containers`. */
export function entityOf(family: RecordFamily, kind?: RecordKind): EntityName {
  const found = entitiesOf(family).find((entity) => kind === undefined || recordKind(entity).kind === kind);
  if (!found) throw new Error(`No list entity of ${family}${kind ? ` (${kind})` : ''}`);
  return found;
}

/** Standard or Yellow Bucket, for an entity of a family that has both. */
export function kindOfEntity(entity: EntityName): RecordKind | undefined {
  return recordKind(entity).kind;
}

/** The list entities that have a screen (and, for `view`/`edit`, routes of one record). */
export function entitiesWithScreen(screen: RecordScreen): EntityName[] {
  return ENTITIES.filter((entity) => (RECORD_KINDS[entity].screens as readonly RecordScreen[]).includes(screen));
}

/** `one`, or `many` when the count is not 1: "1 Yellow Bucket container", "3 line items". */
export function recordNoun(entity: EntityName, count: number): string {
  const spec = RECORD_KINDS[entity];
  return count === 1 ? spec.one : spec.many;
}

/** The families whose committed changes are published as live updates (`change` events). */
export type RecordEventEntity = { [F in RecordFamily]: (typeof RECORD_FAMILIES)[F]['liveEvents'] extends true ? F : never }[RecordFamily];
export const RECORD_EVENT_ENTITIES = (Object.keys(RECORD_FAMILIES) as RecordFamily[]).filter(
  (family) => RECORD_FAMILIES[family].liveEvents,
) as [RecordEventEntity, ...RecordEventEntity[]];

/** The kind an answer's `yellowBucket` flag names. */
export function kindFor(yellowBucket: boolean): RecordKind {
  return yellowBucket ? 'yellow_bucket' : 'standard';
}

type Kinds = typeof RECORD_KINDS;
/** The entities whose definitions hold `value` at `key`, as a type. */
export type EntityWhere<K extends keyof RecordKindSpec, V> = { [E in EntityName]: K extends keyof Kinds[E] ? (Kinds[E][K] extends V ? E : never) : never }[EntityName];
/** The kinds that lock, and have a lock check. */
export type LockableEntity = EntityWhere<'lockable', true>;
/** The kinds that keep a history. */
export type HistoryEntity = EntityWhere<'history', true>;
