import type { IncompleteLineItem } from '../rules/record-completeness.ts';

/**
 * The error shape every API failure has: `{ title, message, code, details? }`.
 * Codes are stable strings the web may branch on; messages are for people.
 */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  sessionExpired: 'SESSION_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  locked: 'LOCKED',
  /** Refused because the record's job is final (destroyed, its Form 41 generated, reported to ARCOS): correct it instead. */
  final: 'FINAL',
  /** A lock refused because line items lack what Form 41 and ARCOS need (`incomplete` lists them). */
  incomplete: 'INCOMPLETE',
  conflict: 'CONFLICT',
  validation: 'VALIDATION',
  tooLarge: 'TOO_LARGE',
  unsupportedMedia: 'UNSUPPORTED_MEDIA',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  unavailable: 'UNAVAILABLE',
  /** A find that ran past the server's time limit for a find: narrow it (the message says how). */
  findTooSlow: 'FIND_TOO_SLOW',
  internal: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  title: string;
  message: string;
  code: ErrorCode;
  details?: string[];
  requestId?: string;
  /** A refused lock (`INCOMPLETE`): each line item that lacks what Form 41 and ARCOS need, and what. */
  incomplete?: IncompleteLineItem[];
}

export const MESSAGES = {
  unauthorized: 'Unauthorized',
  sessionExpiredTitle: 'Session Expired',
  sessionExpired: 'Your session has ended. Please log in again.',
  invalidCredentials: 'The username or password is incorrect.',
  accountDisabled: 'This account has been disabled. Ask an administrator to enable it.',
  tooManyAttempts: 'Too many failed login attempts. Try again in 15 minutes.',
  signInsBusy: 'Many sign-ins are being checked at this moment. Try again in a few seconds.',
  mustLogIn: 'You must be logged-in to access this resource',
  idleExpired: 'Your session has expired due to inactivity',
  loggedOut: 'You have successfully logged out',
  noRecords: 'No records match the request',
  notFound: 'Resource Not Found',
} as const;

/**
 * The title an error answer carries for its status when nothing says more (the server's error
 * handler); the web knows them as titles that say nothing a person can act on.
 */
export const HTTP_STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Validation Failed',
  429: 'Too Many Attempts',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The title of a status no table names. */
export function httpStatusTitle(status: number): string {
  return HTTP_STATUS_TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Request Failed');
}
