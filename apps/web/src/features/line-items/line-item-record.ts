import {
  canPerform,
  destroyedOn,
  finalRefusalMessage,
  formatPercent,
  LINE_ITEM_ENTRY_FIELDS,
  isBulkNdc,
  isLineItemLocked,
  isRegistrationExpired,
  isYes,
  parseUsDate,
  todayIso,
  type SearchBody,
} from '@3ds/domain';
import type { LineItemKindConfig } from '../../components/line-item-entry/line-item-kinds.ts';
import { fieldText, type FieldValue, type RecordData } from '../../lib/records/record-shapes.ts';
import { lockToggleMode as sharedLockToggleMode, type LockToggleMode } from '../../components/lock/lock-toggle.tsx';

/**
 * What the line item screen reads from a line item record, and the rules that decide what it
 * offers (spec 2 §2, §4, §6). Pure, so that every rule is unit-tested without a browser.
 */

const text = fieldText;

/** The entered fields' names in the record (the others are the layout's own: snapshot, quantities, parents). */
const ENTRY = LINE_ITEM_ENTRY_FIELDS;

/** "30 U": a value with its unit; '' when there is no value. */
export function withUnit(value: FieldValue | undefined, unit: FieldValue | undefined): string {
  const v = text(value);
  if (v === '') return '';
  const u = text(unit);
  return u ? `${v} ${u}` : v;
}

export const LINE_ITEM_CONFIRMATIONS = {
  lock: 'Are you sure you want to lock this line item?',
  unlock: 'Are you sure you want to unlock this line item?',
  delete: 'Are you sure you want to delete this line item?',
  noMoreContainers: 'There are no more containers in this job',
} as const;

export interface LineItemFacts {
  id: string;
  modId: string;
  ndc: string;
  bulk: boolean;
  description: string;
  strength: string;
  schedule: string;
  form: string;
  packSize: string;
  packSizeUoM: string;
  /** Why the pack size is not the NDC's package ('' when none was given). */
  packSizeReason: string;
  packQuantity: string;
  packQuantityUoM: string;
  /** 0.00% */
  percentFill: string;
  reportingQty: string;
  reportingUoM: string;
  gramsOfBase: string;
  source: string;
  sourceNumber: string;
  lotNumber: string;
  expirationDate: string;
  serialNumber: string;
  cause: string;
  type: string;
  bulkAmount: string;
  bulkAmountUoM: string;
  stage: string;
  /** The Form 222 number, and its line when the item names one ("231456789, line 3"). */
  form222: string;
  cwf: string;
  avgTablet: string;
  density: string;
  labelerOrganization: string;
  /** Its own flag ('Locked Container Line Item'). */
  ownLocked: boolean;
  containerLocked: boolean;
  jobLocked: boolean;
  /** Locked by its own flag, its container's or its job's (spec 2 §4). */
  locked: boolean;
  /** Its job's Date Destroyed (ISO), or null: a destroyed job is final (finality.ts). */
  jobDestroyed: string | null;
  companyId: string;
  registration: string;
  registrationExpired: boolean;
  jobId: string;
  jobName: string;
  containerId: string;
  containerName: string;
  created: string;
  createdBy: string;
  modified: string;
  modifiedBy: string;
  /** The ids of the line items of the same container, in order (portal Siblings). */
  siblings: string[];
}

export function lineItemFacts(record: RecordData, kind: Pick<LineItemKindConfig, 'idField' | 'containerIdField'>, today: string = todayIso()): LineItemFacts {
  const f = record.fieldData;
  const ndc = text(f[ENTRY.ndc]);
  const ownLocked = isYes(f['Locked Container Line Item']);
  const containerLocked = isYes(f['Container::Locked Container']);
  const jobLocked = isYes(f['Job::Locked Job']);
  const expiration = parseUsDate(text(f['Registration::Expiration Date']));
  return {
    id: text(f[kind.idField]) || record.recordId,
    modId: record.modId,
    ndc,
    bulk: isBulkNdc(ndc),
    description: text(f['NDC Description']),
    strength: text(f.Strength),
    schedule: text(f['NDC Schedule']),
    form: text(f.Form),
    packSize: text(f[ENTRY.packSize]),
    packSizeUoM: text(f[ENTRY.packSizeUoM]),
    packSizeReason: text(f[ENTRY.packSizeReason]),
    packQuantity: text(f[ENTRY.packQuantity]),
    packQuantityUoM: text(f[ENTRY.packQuantityUoM]),
    percentFill: formatPercent(f[ENTRY.percentFill]),
    reportingQty: text(f['Reporting Qty']),
    reportingUoM: text(f['Reporting UoM']),
    gramsOfBase: text(f['Grams Of Base']),
    source: text(f[ENTRY.source]),
    sourceNumber: text(f[ENTRY.sourceNumber]),
    lotNumber: text(f[ENTRY.lotNumber]),
    expirationDate: text(f[ENTRY.expirationDate]),
    serialNumber: text(f[ENTRY.serialNumber]),
    cause: text(f[ENTRY.cause]),
    type: text(f[ENTRY.type]),
    bulkAmount: text(f[ENTRY.bulkPackSize]),
    bulkAmountUoM: text(f[ENTRY.bulkPackSizeUoM]),
    stage: text(f[ENTRY.bulkStage]),
    form222: text(f[ENTRY.form222Number]) && text(f[ENTRY.form222Line]) ? `${text(f[ENTRY.form222Number])}, line ${text(f[ENTRY.form222Line])}` : text(f[ENTRY.form222Number]),
    cwf: text(f[ENTRY.cwfFormNumber]),
    avgTablet: withUnit(f['Avg Tablet Weight'], f['Avg Tablet Weight Unit']),
    density: text(f['Package Size Density']),
    labelerOrganization: text(f['Labeler Parent Organization']),
    ownLocked,
    containerLocked,
    jobLocked,
    locked: isLineItemLocked({ locked: ownLocked, containerLocked, jobLocked }),
    jobDestroyed: parseUsDate(text(f['Job::Date Destroyed'])),
    companyId: text(f['Job::Company ID']),
    registration: text(f['Registration Number']),
    registrationExpired: expiration !== null && isRegistrationExpired(expiration, today),
    jobId: text(f.id_Job),
    jobName: text(f['Job::Job Name']),
    containerId: text(f[kind.containerIdField]),
    containerName: text(f['Container::Container Name']),
    created: text(f['Date Created']),
    createdBy: text(f['Created By']),
    modified: text(f['Date Modified']),
    modifiedBy: text(f['Modified By']),
    siblings: (record.portalData.Siblings ?? []).map((row) => text(row['Siblings::id']) || text(row.recordId)).filter((id) => id !== ''),
  };
}

/**
 * Avg Tablet and Density are the labeler's own data: shown for a bulk item only when its labeler
 * organisation is the user's parent organisation (spec 2 §2, §6).
 */
export function showsBulkDetails(facts: Pick<LineItemFacts, 'bulk' | 'labelerOrganization'>, parentOrganization: string | null | undefined): boolean {
  const own = (parentOrganization ?? '').trim();
  return facts.bulk && own !== '' && facts.labelerOrganization.toLowerCase() === own.toLowerCase();
}

/** The lock icon (spec 2 §2, §4): LOCK_LINE_ITEM or UNLOCK_LINE_ITEM; plain under a locked container or job. */
export function lockToggleMode(facts: Pick<LineItemFacts, 'ownLocked' | 'containerLocked' | 'jobLocked'>, privileges: readonly string[]): LockToggleMode {
  return sharedLockToggleMode({ ownLocked: facts.ownLocked, parentLocked: facts.containerLocked || facts.jobLocked }, privileges, {
    lock: 'line-item.lock',
    unlock: 'line-item.unlock',
  });
}

export interface LineItemActions {
  edit: boolean;
  editNdc: boolean;
  create: boolean;
  duplicate: boolean;
  move: boolean;
  delete: boolean;
}

/**
 * Which actions a user may take on the line item (spec 2 §2, §4, §6): none while it, its container
 * or its job is locked; no edit, move or delete once its job is destroyed (final: finality.ts); new
 * and duplicate also need a registration that has not expired (the one rule that blocks adding a
 * line item). Generate Label is always there.
 */
export function lineItemActions(facts: Pick<LineItemFacts, 'locked' | 'registrationExpired' | 'jobDestroyed'>, privileges: readonly string[]): LineItemActions {
  // `locked` is the item's own flag, its container's or its job's: each refuses every action here.
  const state = { record: facts.locked, final: destroyedOn(facts.jobDestroyed) };
  const creates = canPerform(privileges, 'line-item.create', { container: facts.locked }) && !facts.registrationExpired;
  return {
    edit: canPerform(privileges, 'line-item.edit', state),
    editNdc: canPerform(privileges, 'line-item.change-ndc', state),
    create: creates,
    duplicate: creates,
    move: canPerform(privileges, 'line-item.move', state),
    delete: canPerform(privileges, 'line-item.delete', state),
  };
}

/**
 * What the screen says of a line item whose job is destroyed, or null: why it cannot be changed, and
 * what to do instead (the server refuses in the same words).
 */
export function finalNote(facts: Pick<LineItemFacts, 'jobDestroyed' | 'jobId'>): string | null {
  return facts.jobDestroyed ? finalRefusalMessage(facts.jobId, destroyedOn(facts.jobDestroyed)!, 'its line items cannot be changed, moved or deleted') : null;
}

/** Where the line item stands among its siblings: 'Record x of n', and the ids before and after it. */
export interface SiblingPosition {
  index: number;
  count: number;
  previous: string | null;
  next: string | null;
}

export function siblingPosition(siblings: readonly string[], id: string): SiblingPosition | null {
  const at = siblings.indexOf(id);
  if (at < 0) return null;
  return {
    index: at + 1,
    count: siblings.length,
    previous: at > 0 ? siblings[at - 1]! : null,
    next: at < siblings.length - 1 ? siblings[at + 1]! : null,
  };
}

/**
 * Move targets (spec 2 §2, §7): the unlocked containers of the same job, the current one left out
 * — the request body of `POST /3ds/api/{containers|yb-containers}/search`.
 */
export function moveTargetQuery(kind: Pick<LineItemKindConfig, 'containerIdSearchField'>, jobId: string, containerId: string) {
  return {
    query: [
      { 'Job ID': jobId, 'Locked Container': 'No' },
      { [kind.containerIdSearchField]: containerId, omit: 'true' },
    ],
  } satisfies SearchBody;
}
