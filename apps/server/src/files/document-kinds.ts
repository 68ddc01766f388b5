import { arcosFileName, type ArcosPeriod, type InventoryMoment } from '@3ds/domain';
import { ARCOS_PREFIX, EXPORTS_PREFIX, FILE_LINK_TTL_SECONDS, INVENTORIES_PREFIX, JOBS_PREFIX } from './stored-files.ts';

/**
 * A document 3DS writes and hands out by link (docs/documents.md): what its file is called, where
 * it is kept, what it is, what the audit row says of it and who may read it. `Of` is what one
 * document of the kind is about (a job, a period, a moment): its name and place follow from it.
 */
export interface DocumentKind<Of> {
  /** The name it is downloaded under. */
  fileName(of: Of): string;
  /**
   * Where its bytes are stored, given the publication's fresh uuid. Under `exports/` it is a
   * download, removed an hour later; under any other folder of STORED_PREFIXES it is a record
   * kept for good.
   */
  storageKey(of: Of, fileName: string, uuid: string): string;
  contentType(of: Of): string;
  /**
   * The audit row written with the file's row: its action and entity (the record id, before and
   * after are the publication's). Null: not audited — a label prints what a record says and
   * changes nothing.
   */
  audit: { action: string; entity(of: Of): string } | null;
  /**
   * Who may read it: its link is signed for the session that asked for it, so nobody else can
   * use the link and it stops working when that session ends; and it lives this long.
   */
  readers: { session: 'requester'; linkSeconds: number };
}

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A download: removed with the exports an hour after it was made. */
const download = (_of: unknown, fileName: string, uuid: string) => `${EXPORTS_PREFIX}${uuid}/${fileName}`;
const requester = { session: 'requester', linkSeconds: FILE_LINK_TTL_SECONDS } as const;

function kind<Of>(definition: DocumentKind<Of>): DocumentKind<Of> {
  return definition;
}

/** `20260131-1730`: an inventory's moment in its file names. */
const inventoryStamp = (at: InventoryMoment) => `${at.date.replaceAll('-', '')}-${at.time.replace(':', '')}`;

export const DOCUMENT_KINDS = {
  /** A list's found set (`POST /{entity}/export`, a bulk export): `entity` is what the rows are. */
  'list-export': kind<{ fileType: 'xlsx' | 'pdf'; entity: string }>({
    fileName: ({ fileType }) => `export.${fileType}`,
    storageKey: download,
    contentType: ({ fileType }) => (fileType === 'xlsx' ? XLSX : PDF),
    audit: { action: 'export', entity: ({ entity }) => entity },
    readers: requester,
  }),
  /** The Reports screen's line items of a job, or their sums per NDC. */
  'job-report': kind<{ jobId: number }>({
    fileName: () => 'export.xlsx',
    storageKey: download,
    contentType: () => XLSX,
    audit: { action: 'report', entity: () => 'job' },
    readers: requester,
  }),
  /** The ARCOS report of a period: a record kept (handbook 2.2), superseded but never removed. */
  'arcos-report': kind<{ period: ArcosPeriod }>({
    fileName: ({ period }) => arcosFileName(period),
    storageKey: (_of, fileName, uuid) => `${ARCOS_PREFIX}${uuid}/${fileName}`,
    contentType: () => 'text/plain; charset=us-ascii',
    audit: { action: 'report', entity: () => 'arcos' },
    readers: requester,
  }),
  /** A job's receiving reconciliation for the client (rules/reconciliation.ts): a download, made again whenever asked. */
  reconciliation: kind<{ jobId: number }>({
    fileName: ({ jobId }) => `job-${jobId}-reconciliation.pdf`,
    storageKey: download,
    contentType: () => PDF,
    audit: { action: 'generate-document', entity: () => 'job' },
    readers: requester,
  }),
  /** A loss's Form 106 worksheet (rules/losses.ts): a download, made again whenever asked. */
  'form-106-worksheet': kind<{ lossId: number }>({
    fileName: ({ lossId }) => `loss-${lossId}-form-106-worksheet.pdf`,
    storageKey: download,
    contentType: () => PDF,
    audit: { action: 'generate-document', entity: () => 'loss' },
    readers: requester,
  }),
  /** A job's DEA Form 41: final, kept with the job; a draft (of an unlocked job) is a download. */
  'form-41': kind<{ jobId: number; draft: boolean }>({
    fileName: ({ jobId, draft }) => `job-${jobId}-form-41${draft ? '-draft' : ''}.pdf`,
    storageKey: (of, fileName, uuid) => (of.draft ? download(of, fileName, uuid) : `${JOBS_PREFIX}${of.jobId}/form-41-${uuid}.pdf`),
    contentType: () => PDF,
    audit: { action: 'generate-document', entity: () => 'job' },
    readers: requester,
  }),
  /** A job's Certificate of Destruction, kept with the job. */
  'certificate-of-destruction': kind<{ jobId: number }>({
    fileName: ({ jobId }) => `job-${jobId}-certificate-of-destruction.pdf`,
    storageKey: ({ jobId }, _fileName, uuid) => `${JOBS_PREFIX}${jobId}/certificate-of-destruction-${uuid}.pdf`,
    contentType: () => PDF,
    audit: { action: 'generate-document', entity: () => 'job' },
    readers: requester,
  }),
  /** A line item's 4 × 2 inch label. */
  'line-item-label': kind<Record<string, never>>({
    fileName: () => 'label.pdf',
    storageKey: download,
    contentType: () => PDF,
    audit: null,
    readers: requester,
  }),
  /** The inventory as of a moment (21 CFR 1304.11), kept; its xlsx is kept beside it. */
  inventory: kind<{ at: InventoryMoment }>({
    fileName: ({ at }) => `inventory-${inventoryStamp(at)}.pdf`,
    storageKey: (_of, fileName, uuid) => `${INVENTORIES_PREFIX}${uuid}/${fileName}`,
    contentType: () => PDF,
    audit: { action: 'take-inventory', entity: () => 'inventory' },
    readers: requester,
  }),
  /** The inventory's rows as a workbook, in the same folder as its PDF and audited with it. */
  'inventory-xlsx': kind<{ at: InventoryMoment }>({
    fileName: ({ at }) => `inventory-${inventoryStamp(at)}.xlsx`,
    storageKey: (_of, fileName, uuid) => `${INVENTORIES_PREFIX}${uuid}/${fileName}`,
    contentType: () => XLSX,
    audit: null,
    readers: requester,
  }),
} as const;

export type DocumentKindName = keyof typeof DOCUMENT_KINDS;
/** What a document of the kind is about. */
export type DocumentOf<K extends DocumentKindName> = (typeof DOCUMENT_KINDS)[K] extends DocumentKind<infer Of> ? Of : never;
