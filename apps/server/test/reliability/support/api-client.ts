/** One HTTP answer, as the soak and fault tests look at it. */
export interface ApiAnswer {
  /** The HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  body: any;
  text: string;
  /** The server's id of the request (X-Request-Id of the answer), which its log lines and audit rows carry. */
  requestId?: string;
  /** What went wrong when no answer came. */
  networkError?: string;
  /** The Retry-After of a 429 or 503, in seconds. */
  retryAfterSeconds?: number;
}

/** A signed-in user of one server process, speaking to the API over real HTTP. */
export class ApiClient {
  readonly baseUrl: string;
  readonly #token: string;

  constructor(baseUrl: string, token: string) {
    this.baseUrl = baseUrl;
    this.#token = token;
  }

  /**
   * Signs in through `POST /3ds/api/login`. Many clients signing in at once may find the line for a
   * password check full (429 with Retry-After): like any client, it tries again after that pause.
   */
  static async signIn(baseUrl: string, username: string, password: string): Promise<ApiClient> {
    let answer = await send(baseUrl, 'POST', '/login', { body: { username, password } });
    for (let tries = 1; answer.status === 429 && answer.retryAfterSeconds !== undefined && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, answer.retryAfterSeconds! * 1000 * (0.5 + Math.random())));
      answer = await send(baseUrl, 'POST', '/login', { body: { username, password } });
    }
    if (answer.status !== 200) throw new Error(`Sign-in of ${username} at ${baseUrl} answered ${answer.status}: ${answer.text}`);
    return new ApiClient(baseUrl, answer.body.token);
  }

  /** The bearer token of the session (for the event stream, which the tests read with fetch of their own). */
  get token(): string {
    return this.#token;
  }

  /** The same session against another server of the same database (tokens and sessions are shared). */
  on(baseUrl: string): ApiClient {
    return new ApiClient(baseUrl, this.#token);
  }

  request(method: string, path: string, options: { body?: unknown; requestId?: string; timeoutMs?: number } = {}): Promise<ApiAnswer> {
    return send(this.baseUrl, method, path, { ...options, token: this.#token });
  }

  get(path: string): Promise<ApiAnswer> {
    return this.request('GET', path);
  }
}

async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; requestId?: string; timeoutMs?: number },
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.requestId) headers['x-request-id'] = options.requestId;
  try {
    const response = await fetch(`${baseUrl}/3ds/api${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const requestId = response.headers.get('x-request-id');
    const retryAfter = response.headers.get('retry-after');
    return { status: response.status, body, text, ...(requestId ? { requestId } : {}), ...(retryAfter && /^\d+$/.test(retryAfter) ? { retryAfterSeconds: Number(retryAfter) } : {}) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const networkError = cause?.code ?? cause?.message ?? (error as Error).message;
    return { status: 0, body: undefined, text: '', networkError };
  }
}
