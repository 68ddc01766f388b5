import { ERROR_CODES, MESSAGES } from '@3ds/domain';

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

  constructor(init: {
    status: number;
    title: string;
    message: string;
    code: string;
    details?: string[] | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.title = init.title;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
  }
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
  return new ApiError({
    status,
    title,
    message,
    code: nonEmpty(data.code) ?? CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest),
    details: details && details.length > 0 ? details : undefined,
    requestId: nonEmpty(data.requestId),
  });
}
