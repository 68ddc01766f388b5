import { JOB_DOCUMENT_FIELDS, JOB_PICTURE_FIELDS } from '@3ds/domain';
import { PICTURE_TYPES } from '../../files/upload.ts';

/** Pictures are raster images; documents may also be PDFs. */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = { ...PICTURE_TYPES, 'application/pdf': 'pdf' };
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export type JobFileSlot = { slot: string; kind: 'picture' | 'document' };

/** The job upload `field` (a picture slot such as `P3`, or a document such as `CWF Files`), or undefined. */
export function jobFileSlot(field: string): JobFileSlot | undefined {
  if (JOB_PICTURE_FIELDS.includes(field)) return { slot: field, kind: 'picture' };
  if ((JOB_DOCUMENT_FIELDS as readonly string[]).includes(field)) return { slot: field, kind: 'document' };
  return undefined;
}
