/** Business constants of spec 1 §9 and spec 2 §9. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

export const COMPANY_REGISTRATIONS_PAGE_SIZE = 10;
export const REGISTRATION_JOBS_PAGE_SIZE = 10;
export const JOB_PORTAL_PAGE_SIZE = 25;
export const CONTAINER_LINE_ITEMS_PAGE_SIZE = 10;

export const PORTAL_LIMITS = {
  company: 100,
  job: 500,
  containerLineItems: 1000,
  siblings: 1000,
} as const;

export const PICTURE_SLOTS = {
  reconciliation: { prefix: 'R', count: 9, label: 'Reconciliation' },
  pickUp: { prefix: 'P', count: 12, label: 'Pick-Up' },
  transportation: { prefix: 'T', count: 12, label: 'Transportation' },
  destruction: { prefix: 'D', count: 21, label: 'Destruction' },
  driver: { prefix: 'DP', count: 7, label: 'Driver' },
} as const;

/** Idle time before the "session expired" modal (5 minutes). */
export const IDLE_TIMEOUT_MS = 300_000;
/** Alerts hide themselves after 5 seconds. */
export const ALERT_AUTO_CLOSE_MS = 5_000;
/** A registration is "almost expired" this many days before its expiration date. */
export const ALMOST_EXPIRED_DAYS = 60;

/** Server-side session lifetime: a token is refused 8 hours after login. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;
/** Login throttling: this many failures for one username within the window lock it for the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const UPLOAD_MAX_BYTES = 512 * 1024;

export const NDC_SELECT_PAGE_SIZE = 100;
export const NDC_SEARCH_DELAY_MS = 250;

export const BULK_NDC_MARKER = '**';
export const PACK_SIZE_MAX_DIGITS = 8;

/** Longest text any free-text field accepts; the database enforces the same limits. */
export const TEXT_LIMITS = {
  username: 64,
  password: 256,
  name: 200,
  short: 60,
} as const;
