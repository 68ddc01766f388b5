import {
  changedContainerFields,
  formatIsoDate,
  grossWeight,
  canPerform,
  destroyedOn,
  finalRefusalMessage,
  isContainerLocked,
  isYes,
  lockRefusalText,
  parseUsDate,
  registrationExpiry,
  todayIso,
} from '@3ds/domain';
import { fieldText, type FieldValue, type RecordData } from '../../lib/records/record-shapes.ts';
import type { FindRequest } from '../../lib/records/list-state.ts';
import type { RouteName } from '../../config/paths.ts';
import type { ContainerKindConfig } from './container-kinds.ts';
import { lockToggleMode as sharedLockToggleMode, type LockToggleMode } from '../../components/lock/lock-toggle.tsx';

/**
 * What the container screens read from a container record, and the rules that decide what they
 * offer (spec 2 §2, §4, §6). Pure, so that every rule is unit-tested without a browser.
 */

const text = fieldText;

export interface ContainerFacts {
  id: string;
  modId: string;
  name: string;
  type: string;
  pallet: string;
  packageWeight: string;
  netWeight: string;
  grossWeight: string;
  grossUoM: string;
  /** The container's own flag ('Locked Container'). */
  ownLocked: boolean;
  /** The parent job's flag ('Job::Locked Job'). */
  jobLocked: boolean;
  /** Locked by either (spec 2 §4). */
  locked: boolean;
  registrationNumber: string;
  /** MM/DD/YYYY, as the record says. */
  registrationExpiration: string;
  registrationExpired: boolean;
  jobId: string;
  jobName: string;
  activity: string;
  companyId: string;
  companyName: string;
  lineItemCount: number;
  /** Line items locked on their own (LOCK_LINE_ITEM): they keep the container from being deleted or moved. */
  ownLockedItems: number;
  /** ISO date the job's stock was destroyed ('Job::Date Destroyed'), or null: from then on the job is final. */
  jobDestroyed: string | null;
}

export function containerFacts(record: RecordData, idField: string, today: string = todayIso()): ContainerFacts {
  const f = record.fieldData;
  const ownLocked = isYes(f['Locked Container']);
  const jobLocked = isYes(f['Job::Locked Job']);
  const expiration = text(f['Registration::Expiration Date']);
  const expirationIso = parseUsDate(expiration);
  const items = record.portalData.LineItems ?? [];
  const counted = record.portalDataInfo.find((info) => info.portalObjectName === 'LineItems')?.foundCount;
  return {
    id: text(f[idField]) || record.recordId,
    modId: record.modId,
    name: text(f['Container Name']),
    type: text(f['Container Type']),
    pallet: text(f.Pallet),
    packageWeight: text(f['Package Weight']),
    netWeight: text(f['Net Weight']),
    grossWeight: text(f['Gross Weight']),
    grossUoM: text(f['Gross UoM']),
    ownLocked,
    jobLocked,
    locked: ownLocked || jobLocked,
    registrationNumber: text(f['Registration Number']),
    registrationExpiration: expiration,
    registrationExpired: expirationIso !== null && registrationExpiry(expirationIso, today) === 'expired',
    jobId: text(f['Job ID']),
    jobName: text(f['Job::Job Name']),
    activity: text(f['Job::Activity']),
    companyId: text(f['Company ID']),
    companyName: text(f['Company Name']),
    lineItemCount: typeof counted === 'number' ? counted : items.length,
    ownLockedItems: Number(f['Line Items Locked On Their Own'] ?? 0) || 0,
    jobDestroyed: parseUsDate(text(f['Job::Date Destroyed'])),
  };
}

/**
 * Why the container may not be deleted or moved (to another job or to the Yellow Bucket) although
 * the user may do both: it holds line items locked on their own. The server refuses the same with
 * 409; the dialog says so before anything is sent.
 */
export function containerRefusal(
  action: 'container.move' | 'container.delete' | 'job.move-container-to-yb',
  facts: Pick<ContainerFacts, 'id' | 'ownLockedItems'>,
  noun: string,
): string | undefined {
  return lockRefusalText(action, { ownLockedItems: facts.ownLockedItems }, { noun, id: facts.id });
}

/** The lock icon (spec 2 §2, §4): LOCK_CONTAINER or UNLOCK_CONTAINER; plain under a locked job. */
export function lockToggleMode(facts: Pick<ContainerFacts, 'ownLocked' | 'jobLocked'>, privileges: readonly string[]): LockToggleMode {
  return sharedLockToggleMode({ ownLocked: facts.ownLocked, parentLocked: facts.jobLocked }, privileges, { lock: 'container.lock', unlock: 'container.unlock' });
}

export interface ContainerActions {
  edit: boolean;
  move: boolean;
  delete: boolean;
  addLineItem: boolean;
}

/**
 * Which actions a user may take on the container (spec 2 §2, §6): none while it or its job is locked;
 * no edit, move or delete once its job is destroyed (final: finality.ts). A late entry — a line item
 * added to an unlocked destroyed job — stays possible.
 */
export function containerActions(
  facts: Pick<ContainerFacts, 'locked' | 'registrationNumber' | 'registrationExpired'> & Partial<Pick<ContainerFacts, 'jobDestroyed'>>,
  privileges: readonly string[],
  kind: Pick<ContainerKindConfig, 'editAction'>,
): ContainerActions {
  // `locked` is the container's own flag or its job's: both refuse every action here.
  const state = { record: facts.locked, final: destroyedOn(facts.jobDestroyed) };
  return {
    edit: canPerform(privileges, kind.editAction, state),
    move: canPerform(privileges, 'container.move', state) && facts.registrationNumber.trim() !== '',
    delete: canPerform(privileges, 'container.delete', state),
    addLineItem: canPerform(privileges, 'line-item.create', { container: facts.locked }) && !facts.registrationExpired,
  };
}

/**
 * What the screen says of a container whose job is destroyed, or null: why it cannot be changed,
 * moved or deleted, and what to do instead (the server refuses in the same words).
 */
export function containerFinalNote(facts: Pick<ContainerFacts, 'jobDestroyed' | 'jobId'>): string | null {
  return facts.jobDestroyed ? finalRefusalMessage(facts.jobId, destroyedOn(facts.jobDestroyed)!, 'its containers cannot be changed, moved or deleted') : null;
}

export interface LineItemRow {
  id: string;
  ndc: string;
  schedule: string;
  description: string;
  form222: string;
  locked: boolean;
  /** What tells one package from the next: how many, how big, its lot, expiry and serial. */
  packQuantity: string;
  /** Pack size and its unit, `100 U` ('' when none). */
  packSize: string;
  lot: string;
  /** MM/DD/YYYY, as the record says. */
  expirationDate: string;
  serial: string;
}

/** The rows of the container's LineItems portal; every one shows as locked while the container or its job is. */
export function lineItemRows(record: RecordData): LineItemRow[] {
  const containerLocked = isContainerLocked({ locked: record.fieldData['Locked Container'], jobLocked: record.fieldData['Job::Locked Job'] });
  return (record.portalData.LineItems ?? []).map((row) => {
    const size = text(row['LineItems::Pack Size']);
    const uom = text(row['LineItems::Pack Size UoM']);
    return {
      id: text(row['LineItems::id']) || text(row.recordId),
      ndc: text(row['LineItems::NDC Number']),
      schedule: text(row['LineItems::NDC Schedule']),
      description: text(row['LineItems::NDC Description']),
      form222: text(row['LineItems::Form 222 Number']),
      locked: containerLocked || isYes(row['LineItems::Locked Container Line Item']),
      packQuantity: text(row['LineItems::Pack Quantity']),
      packSize: size ? [size, uom].filter(Boolean).join(' ') : '',
      lot: text(row['LineItems::Lot Number']),
      expirationDate: text(row['LineItems::Expiration Date']),
      serial: text(row['LineItems::Serial Number']),
    };
  });
}

/** The page (1-based) of a paged list of rows on which the row with this id is, or null. */
export function pageOfRow(rows: readonly { id: string }[], id: string, size: number): number | null {
  const index = rows.findIndex((row) => row.id === id);
  return index < 0 ? null : Math.floor(index / size) + 1;
}

/** The export of this container's line items: the container list's find, narrowed to this one container. */
export function containerExportFind(idField: string, id: string): FindRequest[] {
  return [{ omit: false, criteria: { [idField]: `==${id}` } }];
}

/**
 * Move targets (spec 2 §4, §7): unlocked jobs of the same registration number whose registration
 * has not expired. `today` is ISO (YYYY-MM-DD); the API takes MM/DD/YYYY.
 */
export function moveTargetCriteria(registrationNumber: string, today: string = todayIso()): FindRequest[] {
  return [
    {
      omit: false,
      criteria: {
        'Registration::Expiration Date': `>=${formatIsoDate(today)}`,
        'Registration Number': `==${registrationNumber}`,
        'Locked Job': 'No',
        // A destroyed job is final: nothing moves into it (finality.ts).
        'Date Destroyed': '=',
      },
    },
  ];
}

/** The edit form's values: text as text ('' when empty), weights as numbers ('' when empty). */
export type ContainerFormValues = {
  containerName: string;
  pallet: string;
  containerType: string;
  packageWeight: number | string;
  netWeight: number | string;
  grossUoM: string;
};

const weightValue = (value: FieldValue | undefined): number | string => {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined || value.trim() === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
};

export function containerFormValues(record: RecordData): ContainerFormValues {
  const f = record.fieldData;
  return {
    containerName: text(f['Container Name']),
    pallet: text(f.Pallet),
    containerType: text(f['Container Type']),
    packageWeight: weightValue(f['Package Weight']),
    netWeight: weightValue(f['Net Weight']),
    grossUoM: text(f['Gross UoM']),
  };
}

/** A weight as entered, as a number (null when empty or not a number). */
export function weightNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The live gross weight of the form: net plus package (spec 2 §2). */
export function formGrossWeight(values: Pick<ContainerFormValues, 'netWeight' | 'packageWeight'>): number {
  return grossWeight(weightNumber(values.netWeight), weightNumber(values.packageWeight));
}

const normalized = (values: ContainerFormValues): ContainerFormValues => ({
  containerName: values.containerName.trim(),
  pallet: values.pallet.trim(),
  containerType: values.containerType ?? '',
  packageWeight: weightNumber(values.packageWeight) ?? (typeof values.packageWeight === 'string' ? values.packageWeight.trim() : ''),
  netWeight: weightNumber(values.netWeight) ?? (typeof values.netWeight === 'string' ? values.netWeight.trim() : ''),
  grossUoM: values.grossUoM ?? '',
});

/** Only the fields that differ from the record's (spec 2 §2): none means "Invalid Form". */
export function containerChanges(initial: ContainerFormValues, current: ContainerFormValues): Partial<ContainerFormValues> {
  return changedContainerFields(normalized(initial), normalized(current));
}

/** Options for a select: the choices, plus the record's own value when it is not one of them. */
export function withCurrentOption(choices: readonly string[], current: string): string[] {
  const list = [...new Set(choices)];
  return current && !list.includes(current) ? [...list, current] : list;
}

/** Whether the router state says the user came from a screen allowed to open the edit screen (spec 2 §2). */
export function enteredFrom(state: unknown, allowed: readonly RouteName[]): boolean {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && (allowed as readonly string[]).includes(from);
}
