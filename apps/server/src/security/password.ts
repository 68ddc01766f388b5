import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with the OWASP-recommended cost (N = 2^17, r = 8, p = 1). The parameters are stored in
 * the hash, so they can be raised later without invalidating existing passwords.
 * Format: `scrypt$N$r$p$<salt base64>$<key base64>`.
 */
const DEFAULT_COST = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

/**
 * scrypt runs in Node's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file
 * reads and writes share. A burst of logins must not take every thread — a signed-file download
 * would wait behind them — so at most this many hashes run at once; the rest wait here.
 */
export const MAX_CONCURRENT_HASHES = 2;
/**
 * Sign-ins that may wait for a hash. When the line is full, the sign-in that has waited longest gives
 * up its place to the one that just came and is refused at once (SignInsBusyError); and a freed turn
 * goes to the newest waiting. So a burst of wrong passwords cannot hold the line against the people
 * who sign in during or after it: a sign-in is checked at the next free turn unless more come after
 * it, some two hashes' time (a full-cost hash takes about 0.35 s of one core). A burst of up to ten
 * real sign-ins at once is still checked in full. Hashes the server makes for itself (new passwords)
 * always wait.
 */
export const MAX_WAITING_SIGN_INS = 8;

/** A sign-in refused because others fill the line for a hash (the caller answers 429). */
export class SignInsBusyError extends Error {
  override name = 'SignInsBusyError';
  constructor() {
    super('Too many sign-ins are being checked at this moment.');
  }
}

interface Waiting {
  start: () => void;
  /** Set for a sign-in, which may be pushed out of the line. */
  refuse?: (error: Error) => void;
}

let running = 0;
/** Oldest first. */
const waiting: Waiting[] = [];

async function withHashingTurn<T>(work: () => Promise<T>, options: { bounded: boolean }): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    await new Promise<void>((resolve, reject) => {
      if (options.bounded && waiting.filter((w) => w.refuse).length >= MAX_WAITING_SIGN_INS) {
        const oldest = waiting.findIndex((w) => w.refuse);
        waiting.splice(oldest, 1)[0]!.refuse!(new SignInsBusyError());
      }
      waiting.push(options.bounded ? { start: resolve, refuse: reject } : { start: resolve });
    });
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the newest in line, so `running` never drops below while some wait.
    const next = waiting.pop();
    if (next) next.start();
    else running--;
  }
}

/** How many hashes run now, and how many sign-ins and other hashes wait (for tests and diagnostics). */
export function hashesRunning(): number {
  return running;
}
export function hashesWaiting(): number {
  return waiting.length;
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }, bounded: boolean): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return withHashingTurn(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
    { bounded },
  );
}

export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, false);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Whether the password is the one `stored` was made from. A sign-in: it waits for a hash in the
 * bounded line, and throws SignInsBusyError when it is pushed out of it.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, true);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same time as a real check. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
