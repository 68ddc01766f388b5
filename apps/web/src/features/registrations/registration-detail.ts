import { SCHEDULE_FLAGS, UPLOAD_MAX_BYTES } from '@3ds/domain';
import { fieldText, type FieldData, type FieldValue } from '../../lib/records/record-shapes.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * What the registration detail shows (spec 1 §2 "Registration detail") and the texts of its
 * picture upload (spec 1 §5, §8). Pure, for unit tests.
 */

const text = fieldText;

export interface ScheduleFlag {
  /** 1, 1N, 2, … LC, NC. */
  schedule: string;
  /** Yes → true, No → false, blank or anything else → null (not recorded). */
  held: boolean | null;
}

/** The twelve CSA schedule flags ('Schedule 1' … 'Schedule NC'), in the spec's order. */
export function scheduleFlags(fieldData: Readonly<Record<string, FieldValue>>): ScheduleFlag[] {
  return SCHEDULE_FLAGS.map((schedule) => {
    const value = String(fieldData[`Schedule ${schedule}`] ?? '')
      .trim()
      .toLowerCase();
    return { schedule, held: value === 'yes' ? true : value === 'no' ? false : null };
  });
}

/**
 * The agency that issued the licence (spec 1 §2): the federal agency when the licence type is
 * Federal, the state agency when State; the server's own 'Agency' when the type says neither.
 */
export function agencyOf(fieldData: Readonly<Record<string, FieldValue>>): string {
  const type = text(fieldData['Federal/State License']).toLowerCase();
  const chosen = type.startsWith('federal')
    ? text(fieldData['Federal Agency'])
    : type.startsWith('state')
      ? text(fieldData['State Agency'])
      : '';
  return chosen || text(fieldData.Agency);
}

export interface RegistrationJob {
  id: string;
  name: string;
  initiated: string;
  locked: boolean;
}

/** The Job portal's rows (newest first, as the server sends them). */
export function registrationJobs(rows: readonly FieldData[]): RegistrationJob[] {
  return rows.flatMap((row) => {
    const id = text(row['Job::__PKJobID']) || text(row.recordId);
    if (!id) return [];
    return [
      {
        id,
        name: text(row['Job::Job Name']),
        initiated: text(row['Job::Date Job Initiated']),
        locked: text(row['Job::Locked Job']).toLowerCase() === 'yes',
      },
    ];
  });
}

/** The picture types the server accepts (it sniffs the bytes; these are what it can store). */
export const PICTURE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const PICTURE_MESSAGES = {
  succeeded: 'Update Succeeded',
  onlyImages: 'You may only upload images',
  oneFile: 'You may only upload one image at a time',
  tooLarge: `Update Failed: The file is larger than ${(UPLOAD_MAX_BYTES / (1024 * 1024)).toFixed(1)} MB.`,
} as const;

/** `Update Failed: {reason}` (spec 1 §8). */
export function updateFailedMessage(reason: string): string {
  return `Update Failed: ${reason}`;
}

interface Rejection {
  errors: readonly { code: string; message?: string }[];
}

/**
 * Why the drop area refused what was dropped, in the spec's words: a wrong type wins over the
 * size (an over-large video is "not an image" first), then size, then the file count.
 */
export function pictureRejectionMessage(rejections: readonly Rejection[]): string {
  const codes = new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.code)));
  if (codes.has('file-invalid-type')) return PICTURE_MESSAGES.onlyImages;
  if (codes.has('file-too-large')) return PICTURE_MESSAGES.tooLarge;
  if (codes.has('too-many-files')) return PICTURE_MESSAGES.oneFile;
  return PICTURE_MESSAGES.onlyImages;
}

/** The failed upload's reason: the server's message, or what went wrong on the way. */
export function uploadFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message.trim() !== '') return updateFailedMessage(error.message);
  return updateFailedMessage('The picture could not be sent. Try again in a moment.');
}

/** 482 KB, 1.2 MB: the size of a chosen file, for its preview. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A Form 222 issued to the registration, as its card shows it. */
export interface RegistrationOrderForm {
  id: string;
  number: string;
  issuedOn: string;
  status: string;
}

/** The Order Form portal's rows (newest first, as the server sends them). */
export function registrationOrderForms(rows: readonly FieldData[]): RegistrationOrderForm[] {
  return rows.flatMap((row) => {
    const id = text(row['Order Form::Order Form ID']) || text(row.recordId);
    if (!id) return [];
    return [{ id, number: text(row['Order Form::Form Number']), issuedOn: text(row['Order Form::Issue Date']), status: text(row['Order Form::Status']) }];
  });
}
