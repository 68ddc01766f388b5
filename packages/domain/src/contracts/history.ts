import { z } from 'zod';
import { formatIsoDate, formatTimestamp } from '../rules/dates.ts';
import { formatPercent } from '../rules/percent.ts';
import type { EntityName } from '../catalogue/records/record-kinds.ts';
import type { FieldType } from '../catalogue/records/field.ts';
import { CATALOGUE, JOB_DOCUMENT_FIELDS } from '../catalogue/records/index.ts';

/**
 * The History panel of the job, container and line item screens: the audit rows of a record
 * (who changed what and when), newest first, each with its action in words and its field changes.
 */

/** The records with a history, as `audit_log.entity` names them. */
export const AUDITED_RECORDS = ['job', 'container', 'line-item'] as const;
export type AuditedRecord = (typeof AUDITED_RECORDS)[number];

export const HISTORY_PAGE_SIZE = { default: 20, max: 100 } as const;

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${what} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${what} must be between ${min} and ${max}`);

/** `offset` is 1-based like the lists' (absent = 1); `limit` defaults to 20, at most 100. */
export const historyQuerySchema = z.object({
  offset: wholeNumber('offset', 1, 1_000_000_000).optional(),
  limit: wholeNumber('limit', 1, HISTORY_PAGE_SIZE.max).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const fieldChangeSchema = z.object({
  /** The field's label as the screens show it. */
  field: z.string(),
  /** Values as the screens show them (dates MM/DD/YYYY, yes/no, percents); null when empty. */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const historyEntrySchema = z.object({
  id: z.string(),
  /** When, as an ISO timestamp. */
  at: z.string(),
  username: z.string(),
  /** The audit action (`create`, `edit`, `lock`, `move`, `delete`, …). */
  action: z.string(),
  /** The record the audit row is about: the record itself, or (when `own` is false) a related one. */
  entity: z.string(),
  recordId: z.string(),
  /** True when the entry concerns the record itself, false for a related record's change that touched it. */
  own: z.boolean(),
  /** The action in words: "Locked", "Moved to container 12", "Deleted with 12 line items". */
  summary: z.string(),
  changes: z.array(fieldChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = z.object({
  data: z.array(historyEntrySchema),
  /** Entries in all, over every page. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** The record no longer exists; its history stays readable. */
  deleted: z.boolean(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Field labels

interface FieldDisplay {
  label: string;
  type: FieldType | 'percent';
}

/**
 * The columns an audit row stores, by the catalogue field that shows them on screen: the label
 * and the type (how a value is shown) come from the catalogue, unless the record's screen labels
 * the field otherwise (the line item screen spells out what its list abbreviates).
 */
const AUDITED_COLUMNS: Record<AuditedRecord, { entity: EntityName; columns: Record<string, string | readonly [field: string, label: string]> }> = {
  job: {
    entity: 'jobs',
    columns: {
      name: 'Job Name',
      registration_id: '_fkRegistration_Record_Number',
      activity: 'Activity',
      status: 'Status',
      date_filed: 'Date Filed',
      date_initiated: 'Date Job Initiated',
      date_confirmed: 'Date Confirmed',
      date_transfer: 'Date Transfer',
      date_received: 'Date Received',
      date_destroyed: 'Date Destroyed',
      date_vault_in: 'Date Vault In',
      date_vault_out: 'Date Vault Out',
      date_completed: 'Date Completed',
      locked: 'Locked Job',
      sister_job_id: 'Sister Jobs',
      facility_transported_to: 'Facility Transported To',
      transporter: 'Transporter',
      transport_method: 'Transport Method',
      disposal_method: 'Disposal Method',
      destruction_facility: 'Destruction Facility',
      destruction_facility_address: 'Destruction Facility Address',
      transfer_witness_1: 'Transfer Witness 1 Full Name',
      transfer_witness_2: 'Transfer Witness 2 Full Name',
      destruction_witness_1: 'Destruction Witness 1 Full Name',
      destruction_witness_2: 'Destruction Witness 2 Full Name',
      late_destruction_reason: 'Late Destruction Reason',
      cwf_number: 'CWF Number',
    },
  },
  container: {
    entity: 'containers',
    columns: {
      job_id: 'Job ID',
      name: 'Container Name',
      pallet: 'Pallet',
      container_type: 'Container Type',
      package_weight: 'Package Weight',
      net_weight: 'Net Weight',
      gross_weight: 'Gross Weight',
      gross_uom: 'Gross UoM',
      locked: 'Locked Container',
      zi_package_size: 'ZIPackage Size',
    },
  },
  'line-item': {
    entity: 'line-items',
    columns: {
      container_id: ['id_container', 'Container ID'],
      job_id: 'id_Job',
      ndc: 'NDC Number',
      ndc_description: ['NDC Description', 'NDC Description'],
      ndc_schedule: ['NDC Schedule', 'Schedule'],
      strength: 'Strength',
      form: 'Form',
      line_type: 'Type',
      source: 'Source',
      source_number: 'Source Number',
      lot_number: ['Lot Number', 'Lot Number'],
      expiration_date: 'Expiration Date',
      serial_number: 'Serial Number',
      cause: 'Cause',
      pack_quantity: ['Pack Quantity', 'Pack Qty'],
      pack_quantity_uom: ['Pack Quantity UoM', 'Pack Qty UoM'],
      pack_size: 'Pack Size',
      pack_size_uom: 'Pack Size UoM',
      pack_size_reason: 'Pack Size Reason',
      zi_package_size: 'ZIPackage Size',
      percent_fill: 'Percent Fill',
      reporting_qty: 'Reporting Qty',
      reporting_uom: 'Reporting UoM',
      bulk_pack_size: ['YI Package Size Bulk Blend', 'Unit Converter'],
      bulk_pack_size_uom: ['YI Package Size Bulk Blend UoM', 'Unit Converter UoM'],
      bulk_stage: 'Chosen Stage',
      converted_to_base: 'Converted To Base',
      grams_of_base: 'Grams Of Base',
      form_222_number: ['Form 222 Number', 'Form 222 #'],
      cwf_form_number: ['CWF Form Number', 'CWF #'],
      locked: 'Locked Container Line Item',
      locked_own: 'Locked On Its Own',
      package_size_density: 'Package Size Density',
      avg_tablet_weight: 'Avg Tablet Weight',
      avg_tablet_weight_unit: 'Avg Tablet Weight Unit',
      labeler_organization: 'Labeler Parent Organization',
    },
  },
};

/**
 * Keys an audit row carries that are no field change a person made: keys, bookkeeping the database
 * keeps, facts joined in for the lock check, and the lists of records an action took along (the
 * entry's words say those).
 */
const NOT_CHANGES: Record<AuditedRecord, readonly string[]> = {
  job: [],
  container: ['job_locked', 'registration_number', 'expiration_date'],
  'line-item': ['container_locked', 'job_locked', 'registration_id'],
};
const BOOKKEEPING = ['id', 'kind', 'created_at', 'created_by', 'modified_at', 'modified_by', 'mod_id', 'lineItems', 'lineItemsChanged', 'lineItemIds'];

function displayTable(record: AuditedRecord): Map<string, FieldDisplay> {
  const { entity, columns } = AUDITED_COLUMNS[record];
  const catalogue = CATALOGUE[entity];
  const table = new Map<string, FieldDisplay>();
  for (const [column, entry] of Object.entries(columns)) {
    const [fieldName, label] = typeof entry === 'string' ? [entry, undefined] : entry;
    const spec = catalogue.fields.find((f) => f.name === fieldName);
    if (!spec) continue;
    const percent = catalogue.columns.some((c) => c.field === fieldName && c.format === 'percent');
    table.set(column, { label: label ?? spec.label, type: percent ? 'percent' : spec.type });
  }
  return table;
}

/** How one kind of audited record names, shows and orders its fields. */
export interface FieldDescriber {
  display(key: string): FieldDisplay | undefined;
  ignored(key: string): boolean;
  /** Where the field comes among the record's fields (the order of `AUDITED_COLUMNS`); unknown keys come last. */
  rank(key: string): number;
}

const UNRANKED = Number.MAX_SAFE_INTEGER;

const DESCRIBERS: Record<AuditedRecord, FieldDescriber> = Object.fromEntries(
  AUDITED_RECORDS.map((record) => {
    const table = displayTable(record);
    const ranks = new Map(Object.keys(AUDITED_COLUMNS[record].columns).map((column, index) => [column, index]));
    const ignored = new Set([...BOOKKEEPING, ...NOT_CHANGES[record]]);
    return [record, { display: (key: string) => table.get(key), ignored: (key: string) => ignored.has(key), rank: (key: string) => ranks.get(key) ?? UNRANKED }];
  }),
) as Record<AuditedRecord, FieldDescriber>;

/** Labels and types of a record's audited fields (unknown keys show as themselves). */
export function fieldDescriber(record: AuditedRecord): FieldDescriber {
  return DESCRIBERS[record];
}

const PLAIN: FieldDescriber = { display: () => undefined, ignored: () => false, rank: () => UNRANKED };

// ---------------------------------------------------------------------------------------------
// Values and differences

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** A value reduced to what makes it the same as another: empty is empty, an instant is its time. */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) return `@${value.getTime()}`;
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return `@${time}`;
  }
  if (Array.isArray(value)) return JSON.stringify(value.map(comparable));
  if (isPlainObject(value)) {
    return JSON.stringify(
      Object.keys(value)
        .sort()
        .map((k) => [k, comparable(value[k])]),
    );
  }
  return value;
}

/** A value as the screens show it: dates MM/DD/YYYY, timestamps MM/DD/YYYY HH:MM:SS, Yes/No, percents. */
export function formatHistoryValue(value: unknown, type?: FieldDisplay['type']): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return type === 'date' ? formatIsoDate(value.toISOString()) : formatTimestamp(value);
  if (typeof value === 'number') return type === 'percent' ? formatPercent(value) : String(value);
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatIsoDate(value);
    if (ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) {
      return type === 'date' ? formatIsoDate(value) : formatTimestamp(new Date(value));
    }
    if (type === 'percent' && value.trim() !== '' && Number.isFinite(Number(value))) return formatPercent(value);
    if (type === 'yesno') return value === 'true' || value === 't' ? 'Yes' : value === 'false' || value === 'f' ? 'No' : value;
    return value;
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => formatHistoryValue(v, type)).filter((v): v is string => v !== null);
    return items.length ? items.join(', ') : null;
  }
  return JSON.stringify(value);
}

/**
 * The field changes between two versions of a record: one per key whose value differs, labelled
 * as the screens label it. Keys only one side has count as added or removed (the other side is
 * empty); empty text and null are the same; two timestamps of the same instant are the same;
 * objects inside are compared key by key and labelled "Outer › Inner"; lists are compared whole.
 * Changes come in the record's field order (its edited field before the figures derived from it),
 * not in the stored row's: jsonb gives keys back shortest first.
 */
export function diffAuditValues(before: unknown, after: unknown, fields: FieldDescriber = PLAIN, prefix = ''): FieldChange[] {
  const from = isPlainObject(before) ? before : {};
  const to = isPlainObject(after) ? after : {};
  // A stable sort: keys of equal rank (unknown ones) keep the order they came in.
  const keys = [...Object.keys(from), ...Object.keys(to).filter((k) => !(k in from))].sort((a, b) => fields.rank(a) - fields.rank(b));
  const changes: FieldChange[] = [];
  for (const key of keys) {
    if (fields.ignored(key)) continue;
    const display = fields.display(key);
    const label = `${prefix}${display?.label ?? key}`;
    const a = from[key];
    const b = to[key];
    if (isPlainObject(a) || isPlainObject(b)) {
      changes.push(...diffAuditValues(a, b, fields, `${label} › `));
      continue;
    }
    if (comparable(a) === comparable(b)) continue;
    changes.push({ field: label, before: formatHistoryValue(a, display?.type), after: formatHistoryValue(b, display?.type) });
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Entries

/** One `audit_log` row as the history reads it. */
export interface AuditRow {
  id: string | number;
  at: Date | string;
  username: string;
  action: string;
  entity: string;
  recordId: string | null;
  before: unknown;
  after: unknown;
}

/** Whose history is shown: a job, a container or a line item, by id. */
export interface HistorySubject {
  record: AuditedRecord;
  id: string;
}

const get = (value: unknown, ...path: string[]): unknown => {
  let current = value;
  for (const key of path) {
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
};
const count = (value: unknown): number => (Array.isArray(value) ? value.length : 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const text = (value: unknown): string => (value === undefined || value === null ? '?' : String(value));

/** "move-to-yellow-bucket" → "Move to yellow bucket": an action nobody taught the history yet. */
function humanize(action: string): string {
  const words = action.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Changed';
}

function containerNoun(kind: unknown): string {
  return kind === 'yellow_bucket' ? 'Yellow Bucket container' : 'container';
}

function withLineItems(n: number): string {
  return n ? ` with ${plural(n, 'line item')}` : '';
}

/** The words for a row about the record itself. */
function ownSummary(record: AuditedRecord, row: AuditRow): string {
  const { before, after } = row;
  switch (row.action) {
    case 'create':
      return 'Created';
    case 'edit':
      return 'Edited';
    case 'change-ndc':
      return `Changed the NDC to ${text(get(after, 'ndc'))}`;
    case 'correct':
      return 'Corrected (an approved correction)';
    case 'request-correction':
      return `Correction ${text(get(after, 'correction'))} asked for: ${text(get(after, 'field'))} from ${text(get(after, 'from')) || '(empty)'} to ${text(get(after, 'to')) || '(empty)'} — reason: ${text(get(after, 'reason'))}`;
    case 'approve-correction':
      return `Correction ${text(get(after, 'correction'))} approved and applied: ${text(get(after, 'field'))} from ${text(get(after, 'from')) || '(empty)'} to ${text(get(after, 'to')) || '(empty)'}`;
    case 'reject-correction': {
      const note = get(after, 'note');
      return `Correction ${text(get(after, 'correction'))} rejected${note ? ` — ${text(note)}` : ''}`;
    }
    case 'rename':
      return 'Renamed';
    case 'edit-destruction-record':
      return 'Edited the destruction record';
    case 'lock':
      return `Locked${withLineItems(count(get(after, 'lineItemsChanged')))}`;
    case 'unlock': {
      // A job's unlock says why (finality.ts): the reason is part of what happened.
      const reason = get(after, 'reason');
      return `Unlocked${withLineItems(count(get(after, 'lineItemsChanged')))}${reason ? ` — reason: ${text(reason)}` : ''}`;
    }
    case 'move':
      return record === 'line-item' ? `Moved to container ${text(get(after, 'container_id'))}` : `Moved to job ${text(get(after, 'job_id'))}`;
    case 'delete':
      if (record === 'container') return `Deleted${withLineItems(count(get(before, 'lineItems')))}`;
      if (record === 'line-item') return get(before, 'ndc') ? `Deleted (NDC ${text(get(before, 'ndc'))})` : 'Deleted';
      return 'Deleted';
    case 'move-to-yellow-bucket':
      return `Moved to Yellow Bucket container ${text(get(after, 'container', 'id'))}${withLineItems(count(get(after, 'lineItemIds')))}`;
    case 'upload-file': {
      const slot = text(get(after, 'slot'));
      const name = get(after, 'original_name');
      const file = name ? ` (${String(name)})` : '';
      if ((JOB_DOCUMENT_FIELDS as readonly string[]).includes(slot)) return `${before ? 'Replaced' : 'Attached'} ${slot}${file}`;
      return `Added picture ${slot}${file}`;
    }
    case 'declare': {
      // What the client declared (rules/declared-inventory.ts): the list is kept whole in the row.
      if (!after) return `Removed the declared inventory (${plural(count(get(before, 'items')), 'item')})`;
      const source = get(after, 'source');
      const items = plural(count(get(after, 'items')), 'item');
      const was = before ? ` (was ${plural(count(get(before, 'items')), 'item')})` : '';
      return source === 'typed' ? `Typed the declared inventory: ${items}${was}` : `Read the declared inventory from ${text(source)}: ${items}${was}`;
    }
    case 'resolve-discrepancy': {
      // A difference between what the client declared and what arrived (rules/reconciliation.ts).
      const note = get(after, 'note');
      return `Resolved ${get(after, 'name') ? text(get(after, 'name')) : text(get(after, 'key'))} (declared ${text(get(after, 'declared'))}, received ${text(get(after, 'received'))}): ${text(get(after, 'reasonText'))}${note ? ` — ${text(note)}` : ''}`;
    }
    case 'confirm-witness': {
      // A witness who confirmed with their own password (rules/witnesses.ts): who, and from where.
      const from = get(after, 'address');
      return `${text(get(after, 'label'))} confirmed by ${text(get(after, 'username'))} with their own password${from ? ` from ${text(from)}` : ''}`;
    }
    case 'withdraw-witness': {
      const whose = get(before, 'username') ? `the ${get(before, 'void') === true ? 'void ' : ''}confirmation of ${text(get(before, 'username'))}` : 'the typed name';
      return `Withdrew ${text(get(before, 'label'))}: ${whose} — reason: ${text(get(after, 'reason'))}`;
    }
    case 'void-witness':
      return `The confirmation of ${text(get(before, 'label'))} by ${text(get(before, 'username'))} is void: ${text(get(after, 'reason'))}`;
    case 'attach-signed-copy':
      return `Kept the signed copy of the ${text(get(after, 'document'))} (generation ${text(get(after, 'generated_document_id'))})`;
    case 'job-ready':
      return 'Sent the Job Ready notification';
    case 'generate-document':
      return `Generated the ${text(get(after, 'document'))}${get(after, 'draft') === true ? ' draft' : ''}`;
    case 'report': {
      const type = get(after, 'reportType') === 'perNdc' ? 'Per NDC' : 'Excel';
      const lines = get(after, 'lines');
      return `Ran the ${type} report${typeof lines === 'number' ? ` (${plural(lines, 'line')})` : ''}`;
    }
    default:
      return humanize(row.action);
  }
}

/** The words for a container's row in the history of its job, of one of its line items, or of its Yellow Bucket successor. */
function relatedSummary(subject: HistorySubject, row: AuditRow): string {
  const { before, after } = row;
  const id = text(row.recordId);
  if (subject.record === 'job') {
    switch (row.action) {
      case 'create':
        return `Added ${containerNoun(get(after, 'kind'))} ${id}`;
      case 'move':
        return String(get(after, 'job_id')) === subject.id
          ? `Container ${id} moved in from job ${text(get(before, 'job_id'))}`
          : `Container ${id} moved to job ${text(get(after, 'job_id'))}`;
      case 'delete':
        return `Deleted ${containerNoun(get(before, 'container', 'kind'))} ${id}${withLineItems(count(get(before, 'lineItems')))}`;
      case 'move-to-yellow-bucket':
        return `Moved container ${id} to Yellow Bucket container ${text(get(after, 'container', 'id'))}${withLineItems(count(get(after, 'lineItemIds')))}`;
      default:
        return `${humanize(row.action)} container ${id}`;
    }
  }
  if (subject.record === 'line-item') {
    switch (row.action) {
      case 'lock':
        return `Locked with container ${id}`;
      case 'unlock':
        return `Unlocked with container ${id}`;
      case 'move':
        return `Moved with container ${id} to job ${text(get(after, 'job_id'))}`;
      case 'delete':
        return `Deleted with container ${id}`;
      case 'move-to-yellow-bucket':
        return `Moved with container ${id} into Yellow Bucket container ${text(get(after, 'container', 'id'))}`;
      default:
        return `${humanize(row.action)} with container ${id}`;
    }
  }
  if (row.action === 'move-to-yellow-bucket') {
    return `Created from container ${id}, moved to the Yellow Bucket${withLineItems(count(get(after, 'lineItemIds')))}`;
  }
  return `${humanize(row.action)} container ${id}`;
}

/** The field changes worth showing for a row. */
function entryChanges(subject: HistorySubject, own: boolean, row: AuditRow): FieldChange[] {
  const record = AUDITED_RECORDS.includes(row.entity as AuditedRecord) ? (row.entity as AuditedRecord) : undefined;
  if (!own) {
    // A container's lock carries its line items with it: show it as theirs.
    if (subject.record === 'line-item' && (row.action === 'lock' || row.action === 'unlock')) {
      return diffAuditValues({ locked: get(row.before, 'locked') }, { locked: get(row.after, 'locked') }, fieldDescriber('line-item'));
    }
    return [];
  }
  const fields = record ? fieldDescriber(record) : PLAIN;
  switch (row.action) {
    case 'create':
      // What the record started with; a "No" nobody chose (not locked) says nothing.
      return diffAuditValues(null, row.after, fields).filter((c) => c.after !== 'No');
    case 'delete':
    case 'move-to-yellow-bucket':
    case 'upload-file':
    case 'declare':
    case 'resolve-discrepancy':
    case 'job-ready':
    case 'report':
      // The words say it all; the stored rows are for the record, not for reading.
      return [];
    case 'confirm-witness':
    case 'withdraw-witness': {
      // The change is the witness's printed name; the rest is in the words.
      const names = (values: unknown) => (isPlainObject(values) ? Object.fromEntries(Object.entries(values).filter(([key]) => /_witness_[12]$/.test(key))) : null);
      return diffAuditValues(names(row.before), names(row.after), fields);
    }
    case 'void-witness':
      return [];
    case 'unlock':
      // The reason is in the words; the change is the lock.
      return diffAuditValues({ locked: get(row.before, 'locked') }, { locked: get(row.after, 'locked') }, fields);
    default:
      return diffAuditValues(row.before, row.after, fields);
  }
}

/** One audit row as an entry of a record's history. */
export function toHistoryEntry(subject: HistorySubject, row: AuditRow): HistoryEntry {
  const own = row.entity === subject.record && row.recordId === subject.id;
  return {
    id: String(row.id),
    at: (row.at instanceof Date ? row.at : new Date(row.at)).toISOString(),
    username: row.username,
    action: row.action,
    entity: row.entity,
    recordId: row.recordId ?? '',
    own,
    summary: own ? ownSummary(subject.record, row) : relatedSummary(subject, row),
    changes: entryChanges(subject, own, row),
  };
}
