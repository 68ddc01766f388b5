import { ERROR_CODES, HTTP_STATUS_TITLES, httpStatusTitle, MESSAGES, type IncompleteLineItem } from '@3ds/domain';

/**
 * The one error every failed call raises, built from the server's body
 * `{ title, message, code, details? }` (or from the status when the body is not ours).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly title: string;
  readonly code: string;
  readonly details: string[] | undefined;
  readonly requestId: string | undefined;
  /** A lock refused for incomplete line items (`INCOMPLETE`): each of them and what it lacks. */
  readonly incomplete: IncompleteLineItem[] | undefined;

  constructor(init: {
    status: number;
    title: string;
    message: string;
    code: string;
    details?: string[] | undefined;
    requestId?: string | undefined;
    incomplete?: IncompleteLineItem[] | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.title = init.title;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.incomplete = init.incomplete;
  }
}

/**
 * The titles HTTP gives a status ("Conflict", "Validation Failed", "Error 409"): they say nothing a
 * person can act on, so a refusal is never shown under one (see `refusalTitle`).
 */
const BARE_HTTP_TITLES = new Set(
  [
    // Ours (the domain's one table, as the server titles its answers) and the fallbacks…
    ...Object.values(HTTP_STATUS_TITLES),
    httpStatusTitle(599),
    httpStatusTitle(499),
    // …and what HTTP and proxies call the same statuses.
    'Locked',
    'Content Too Large',
    'Unprocessable Entity',
    'Unprocessable Content',
    'Too Many Requests',
    'Bad Gateway',
    'Gateway Timeout',
  ].map((t) => t.toLowerCase()),
);

export function isBareHttpTitle(title: string | undefined): boolean {
  const t = (title ?? '').trim().toLowerCase();
  return t === '' || BARE_HTTP_TITLES.has(t) || /^error \d{3}$/.test(t);
}

/** What a person reads as the title of a failure when the screen does not say what was being done. */
const TITLE_BY_STATUS: Record<number, string> = {
  0: 'The server could not be reached',
  400: 'The request was refused',
  403: 'You may not do this',
  404: 'Not found',
  409: 'This cannot be done now',
  413: 'The file is too large',
  415: 'This kind of file is not accepted',
  422: 'Please correct the following',
  429: 'Too many attempts',
  503: 'The server is not available right now',
};

/**
 * The title a failure is shown under: what was being done, in the screen's words ("Job 12 was not
 * locked"), when the caller knows it; else the server's own title when it says more than the HTTP
 * status; else a plain sentence for the status. The message under it names the record and what to
 * do (the server's message).
 */
export function refusalTitle(error: ApiError, failure?: string): string {
  if (failure) return failure;
  if (!isBareHttpTitle(error.title)) return error.title;
  return TITLE_BY_STATUS[error.status] ?? (error.status >= 500 ? 'Something went wrong on the server' : 'The request was refused');
}

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.unsupportedMedia,
  422: ERROR_CODES.validation,
  429: ERROR_CODES.tooManyAttempts,
  503: ERROR_CODES.unavailable,
};

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** An ApiError from a failed response's status and (possibly missing or foreign) body. */
export function apiErrorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = typeof body === 'string' && body.length < 500 ? nonEmpty(body) : undefined;
  const title = nonEmpty(data.title) ?? nonEmpty(statusText) ?? `Error ${status}`;
  const message =
    nonEmpty(data.message) ?? text ?? (status === 401 ? MESSAGES.unauthorized : nonEmpty(data.title) ?? title);
  const details = Array.isArray(data.details) ? data.details.filter((d): d is string => typeof d === 'string') : undefined;
  const incomplete = Array.isArray(data.incomplete) ? (data.incomplete as IncompleteLineItem[]) : undefined;
  return new ApiError({
    status,
    title,
    message,
    code: nonEmpty(data.code) ?? CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest),
    details: details && details.length > 0 ? details : undefined,
    requestId: nonEmpty(data.requestId),
    incomplete,
  });
}
