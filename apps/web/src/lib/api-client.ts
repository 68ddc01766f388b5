import { ERROR_CODES, MESSAGES } from '@3ds/domain';
import { showAlert } from './alert-store.ts';
import { endSession } from './end-session.ts';
import { rememberNextRoute } from './next-route.ts';
import { getToken } from './token-store.ts';
import { ApiError, apiErrorFromResponse } from './api-error.ts';
import { toAppPath } from './navigation.ts';

export { ApiError, apiErrorFromResponse };

/** Every API route lives here (docs/architecture.md). */
export const API_BASE = '/3ds/api';

export type QueryValue = string | number | boolean | null | undefined | object;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Query parameters; objects and arrays (searchCriteria, sort) are sent as JSON text. */
  query?: Record<string, QueryValue> | undefined;
  /** JSON-encoded, unless it is FormData, a Blob or URLSearchParams. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  /** Send `Authorization: Bearer <token>` (default true). */
  auth?: boolean;
  /**
   * On 401, end the session, go to the login screen and say why (default true; never for
   * POST /login, whose 401 means wrong credentials).
   */
  endSessionOnUnauthorized?: boolean;
}

/** `/3ds/api` + path + query string; also for plain links such as downloads. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${text ? `?${text}` : ''}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The server said this session is over: sign out here too, once, and say why. The screen the
 * user was on is remembered, so that logging in again brings them back to it.
 */
function endSessionFor(error: ApiError): void {
  const here = globalThis.location;
  if (here) rememberNextRoute(`${toAppPath(here.pathname)}${here.search}`);
  showAlert({
    type: 'WARNING',
    title: error.title === MESSAGES.sessionExpiredTitle ? error.title : undefined,
    message: error.message || MESSAGES.unauthorized,
  });
  void endSession();
}

/** Calls the API. Resolves with the parsed body; rejects with ApiError (or the abort reason). */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (options.signal?.aborted || (cause instanceof DOMException && cause.name === 'AbortError')) throw cause;
    throw new ApiError({
      status: 0,
      title: 'Network Error',
      message: 'The server could not be reached. Check your connection and try again.',
      code: ERROR_CODES.unavailable,
    });
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  const error = apiErrorFromResponse(response.status, response.statusText, data);
  const isLogin = method === 'POST' && path.replace(/\/+$/, '') === '/login';
  if (
    response.status === 401 &&
    !isLogin &&
    options.endSessionOnUnauthorized !== false &&
    token !== null &&
    // Several calls may fail together; only the first one (the token is still ours) signs out.
    getToken() === token
  ) {
    endSessionFor(error);
  }
  throw error;
}

type BodyOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
