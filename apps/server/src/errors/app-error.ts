import { ERROR_CODES, httpStatusTitle, type ErrorCode, type IncompleteLineItem } from '@3ds/domain';

/** The title of an error answer of the status (the domain's one table). */
export function titleForStatus(status: number): string {
  return httpStatusTitle(status);
}

/**
 * The one error services throw. The error handler renders it as `{ title, message, code, details }`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly details: string[] | undefined;
  /** When the client may try again, in seconds: sent as `Retry-After` (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** A lock refused for incomplete line items: each of them and what it lacks. */
  readonly incomplete: IncompleteLineItem[] | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { title?: string; details?: string[]; retryAfterSeconds?: number; incomplete?: IncompleteLineItem[] } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.title = options.title ?? titleForStatus(status);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.incomplete = options.incomplete;
  }
}

export const badRequest = (message: string, details?: string[]) =>
  new AppError(400, ERROR_CODES.badRequest, message, details ? { details } : {});
export const unauthorized = (message: string, title?: string) =>
  new AppError(401, title ? ERROR_CODES.sessionExpired : ERROR_CODES.unauthorized, message, title ? { title } : {});
export const forbidden = (message: string) => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string) => new AppError(404, ERROR_CODES.notFound, message);
export const locked = (message: string) => new AppError(409, ERROR_CODES.locked, message, { title: 'Locked' });
/** A change a final job refuses (finality.ts): what was recorded stays as recorded. */
export const finalRecord = (message: string) => new AppError(409, ERROR_CODES.final, message, { title: 'Final' });
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const validationFailed = (message: string, details: string[]) =>
  new AppError(422, ERROR_CODES.validation, message, { details });
export const tooManyAttempts = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, ERROR_CODES.tooManyAttempts, message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

/**
 * A find that ran past its time limit (records/read-turns.ts): 422, with what makes a find quicker.
 * Its statement has been cancelled in the database.
 */
export const findTooSlow = (limitMs: number) =>
  new AppError(
    422,
    ERROR_CODES.findTooSlow,
    `This find took longer than ${Math.round(limitMs / 100) / 10} seconds and was stopped. Narrow it: add another field or a longer word, ` +
      'begin words with their first letters rather than a * or @, or search a smaller date range.',
    { title: 'Find Too Slow' },
  );

/** Why a read stopped when its client went away (the browser closed the tab or asked something else). */
export class ClientGone extends Error {
  override name = 'ClientGone';
  constructor() {
    super('The client closed the request before it was answered.');
  }
}
