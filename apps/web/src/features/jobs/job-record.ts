import {
  CATALOGUE,
  entityOf,
  JOB_DOCUMENT_FIELDS,
  RECORD_KINDS,
  type RecordKind,
  PICTURE_SLOTS,
  canPerform,
  destroyedOn,
  type Action,
  type LockState,
  isContainerLocked,
  isYes,
  parseUsDate,
  registrationExpiry,
  todayIso,
  type ExpiryState,
} from '@3ds/domain';
import { fieldText, type FieldData, type FieldValue, type RecordData } from '../../lib/records/record-shapes.ts';

/**
 * What the job view reads from a job record (spec 1 §2 "Job detail"): who may do what, the
 * container portals as rows, the document links and the picture tabs. Pure, for unit tests.
 */

export const JOB_FIELDS = {
  id: '__PKJobID',
  name: 'Job Name',
  locked: 'Locked Job',
  sisterJob: 'Sister Jobs',
  registrationId: '_fkRegistration_Record_Number',
  registrationNumber: 'Registration::Registration Number',
  expirationDate: 'Registration::Expiration Date',
  companyId: 'Company ID',
  totalLineItems: 'Total Line Items',
  totalYellowBucketLineItems: 'Total Yellow Bucket Line Items',
} as const;

export const text = fieldText;

export function isJobLocked(fieldData: FieldData): boolean {
  return isYes(fieldData[JOB_FIELDS.locked]);
}

/** What the signed-in user may do on this job; the server checks again on every call. */
export interface JobPermissions {
  locked: boolean;
  /** CREATE_JOB on an unlocked job. */
  canRename: boolean;
  /** CREATE_JOB on an unlocked job: add pictures and attach documents. */
  canUpload: boolean;
  /** CREATE_CONTAINER on an unlocked job: the "Container" and "Yellow Bucket" add links. */
  canAddContainer: boolean;
  /** MOVE_CONTAINER on an unlocked job that is not destroyed (each container must be unlocked too). */
  canMoveContainer: boolean;
  /** LOCK_JOB on an unlocked job. */
  canLock: boolean;
  /** UNLOCK_JOB on a locked job. */
  canUnlock: boolean;
  /** CREATE_JOB, locked or not: the "Job Ready" e-mail. */
  canNotifyReady: boolean;
  /** CREATE_LINE_ITEM on a destroyed (final) job: ask for a correction of its dates (rules/corrections.ts). */
  canAskCorrection: boolean;
  /** CREATE_JOB on an unlocked job that is not destroyed: type or upload what the client declared. */
  canDeclare: boolean;
  /** LOCK_JOB on an unlocked job that is not destroyed: resolve a difference of the reconciliation. */
  canResolve: boolean;
  /** CREATE_JOB: the reconciliation's PDF for the client. */
  canPrintReconciliation: boolean;
}

export function jobPermissions(fieldData: FieldData, privileges: readonly string[] | undefined): JobPermissions {
  const locked = isJobLocked(fieldData);
  const destroyed = parseUsDate(text(fieldData['Date Destroyed']));
  const may = (action: Action, state: LockState) => canPerform(privileges, action, state);
  return {
    locked,
    canRename: may('job.rename', { record: locked }),
    canUpload: may('job.upload-file', { record: locked }),
    canAddContainer: may('container.create', { job: locked }),
    // A destroyed job is final (finality.ts): its containers stay where the destruction found them.
    canMoveContainer: may('job.move-container-to-yb', { job: locked, final: destroyedOn(destroyed) }),
    canLock: may('job.lock', { record: locked }),
    canUnlock: may('job.unlock', { record: locked }),
    canNotifyReady: may('job.notify-ready', { record: locked }),
    canAskCorrection: destroyed !== null && may('correction.request', {}),
    canDeclare: may('job.declare', { record: locked, final: destroyedOn(destroyed) }),
    canResolve: may('job.resolve-discrepancy', { record: locked, final: destroyedOn(destroyed) }),
    canPrintReconciliation: may('job.reconciliation-pdf', {}),
  };
}

/** The registration's expiry as the registrations list highlights it. */
export function jobRegistrationExpiry(fieldData: FieldData, today: string = todayIso()): ExpiryState {
  const iso = parseUsDate(text(fieldData[JOB_FIELDS.expirationDate]));
  return registrationExpiry(iso, today);
}

export type ContainerKind = RecordKind;

/** A container kind's job portal (its name in the job's answer); the rest is the kind's definition (record-kinds.ts). */
function portalOf<P extends string>(kind: ContainerKind, portal: P) {
  const entity = entityOf('container', kind);
  const { one, many, title, singular } = RECORD_KINDS[entity];
  return { portal, entity, singular: singular as string, detailPath: CATALOGUE[entity].detailPath!, noun: one as string, many: many as string, title: title as string };
}

/** The job portal of each container kind, and where its rows' detail screens are. */
export const JOB_CONTAINER_PORTALS = {
  standard: portalOf('standard', 'Containers'),
  yellow_bucket: portalOf('yellow_bucket', 'YellowBuckets'),
};

export interface ContainerRow {
  id: string;
  name: string;
  type: string;
  pallet: string;
  grossWeight: string;
  grossUoM: string;
  /** The container's own flag or its job's (spec 2 §4). */
  locked: boolean;
  /** The container's own flag: moving to a Yellow Bucket is refused for it. */
  ownLock: boolean;
  lineItemCount: number;
}

function numberOf(value: FieldValue | undefined): number {
  const n = typeof value === 'number' ? value : Number(text(value));
  return Number.isFinite(n) ? n : 0;
}

/** The rows of the Containers or YellowBuckets portal. */
export function containerRows(record: RecordData, kind: ContainerKind): ContainerRow[] {
  const portal = JOB_CONTAINER_PORTALS[kind].portal;
  const jobLocked = isJobLocked(record.fieldData);
  return (record.portalData[portal] ?? []).flatMap((row) => {
    const id = text(row[`${portal}::Container_PK_ID`]) || text(row.recordId);
    if (id === '') return [];
    const ownLock = isYes(row[`${portal}::Locked Container`]);
    return [
      {
        id,
        name: text(row[`${portal}::Container Name`]),
        type: text(row[`${portal}::Container Type`]),
        pallet: text(row[`${portal}::Pallet`]),
        grossWeight: text(row[`${portal}::Gross Weight`]),
        grossUoM: text(row[`${portal}::Gross UoM`]),
        locked: isContainerLocked({ locked: ownLock, jobLocked }),
        ownLock,
        lineItemCount: numberOf(row[`${portal}::Line Item Count`]),
      },
    ];
  });
}

/** How many containers of a kind the job has (the portal's found count, which may pass its 500-row limit). */
export function containerCount(record: RecordData, kind: ContainerKind): number {
  const portal = JOB_CONTAINER_PORTALS[kind].portal;
  const info = record.portalDataInfo.find((p) => p.portalObjectName === portal);
  return Math.max(info?.foundCount ?? 0, record.portalData[portal]?.length ?? 0);
}

export function totalLineItems(fieldData: FieldData, kind: ContainerKind): number {
  return numberOf(fieldData[kind === 'standard' ? JOB_FIELDS.totalLineItems : JOB_FIELDS.totalYellowBucketLineItems]);
}

/** The spec's note under each container tab. */
export function totalLineItemsText(count: number): string {
  return `${count} Total Line Items`;
}

export type JobDocumentField = (typeof JOB_DOCUMENT_FIELDS)[number];

/** The document links' texts (spec 1 §2: "CWF, 41, Shipping, Supporting, Digital 222"). */
export const DOCUMENT_LABELS: Record<JobDocumentField, string> = {
  'CWF Files': 'CWF',
  '41 Insert': '41',
  'Shipping Files': 'Shipping',
  'Supporting Files': 'Supporting',
  'Digital 222 Files': 'Digital 222',
  'Certificate of Destruction': 'Certificate of Destruction',
};

export interface JobDocument {
  field: JobDocumentField;
  label: string;
  /** The signed link, or null when no file is attached. */
  href: string | null;
}

export function jobDocuments(fieldData: FieldData): JobDocument[] {
  return JOB_DOCUMENT_FIELDS.map((field) => ({ field, label: DOCUMENT_LABELS[field], href: text(fieldData[field]) || null }));
}

export interface PictureSlot {
  /** The field and upload name: R1, P12, DP7… */
  slot: string;
  /** 1-based place in its tab. */
  position: number;
  href: string | null;
}

export interface PictureTab {
  key: keyof typeof PICTURE_SLOTS;
  label: string;
  slots: PictureSlot[];
  /** How many of its slots hold a picture. */
  filled: number;
}

/** The Pictures modal's tabs in the spec's order, each with all its slots (a missing picture is null). */
export function pictureTabs(fieldData: FieldData): PictureTab[] {
  return (Object.keys(PICTURE_SLOTS) as (keyof typeof PICTURE_SLOTS)[]).map((key) => {
    const { prefix, count, label } = PICTURE_SLOTS[key];
    const slots = Array.from({ length: count }, (_, index) => {
      const slot = `${prefix}${index + 1}`;
      return { slot, position: index + 1, href: text(fieldData[slot]) || null };
    });
    return { key, label, slots, filled: slots.filter((s) => s.href !== null).length };
  });
}

/** Upload limits the server enforces (it also reads the type from the bytes). */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');
export const DOCUMENT_ACCEPT = ['application/pdf', ...PICTURE_TYPES].join(',');

/** Why a chosen file cannot be uploaded to a slot, before sending it; null when it may go. */
export function uploadProblem(file: { type: string; size: number }, kind: 'picture' | 'document'): string | null {
  const isImage = PICTURE_TYPES.includes(file.type);
  const isPdf = file.type === 'application/pdf';
  if (kind === 'picture') {
    if (!isImage) return 'You may only upload images';
    if (file.size > PICTURE_MAX_BYTES) return 'A picture may be at most 2 MB';
    return null;
  }
  if (!isImage && !isPdf) return 'You may only upload PDF documents or images';
  if (file.size > DOCUMENT_MAX_BYTES) return 'A document may be at most 10 MB';
  return null;
}

/** What the job screen says of documents that no longer match the job's records (GET /job/{id}/documents). */
export function outOfDateText(documents: readonly string[]): string {
  const one = documents.length === 1;
  return `The job's records changed since its ${documents.join(' and ')} ${one ? 'was' : 'were'} generated: ${one ? 'it no longer matches' : 'they no longer match'} them. Generate ${one ? 'it' : 'them'} again once the job is locked; the earlier ${one ? 'one stays' : 'ones stay'} listed as superseded.`;
}
