/**
 * One read shared by every caller that asks for the same thing while it runs (the answer and count
 * caches' "concurrent requests wait for one statement"). Each caller may leave (its signal aborted);
 * the read itself is aborted only once every caller has left, so a person who gives up does not
 * cancel a colleague's answer, and a read nobody waits for does not go on in the database.
 */
export class SharedRead<T> {
  readonly #controller = new AbortController();
  readonly #result: Promise<T>;
  /** Callers still waiting; a caller without a signal can never leave and holds the read for good. */
  #callers = 0;
  #held = false;

  constructor(read: (signal: AbortSignal) => Promise<T>) {
    // Started a moment later, never within the constructor: whoever keeps the read in a map has done so
    // before it can end, even when it fails at once.
    this.#result = Promise.resolve().then(() => read(this.#controller.signal));
    // A read everybody left fails with their reason; nobody is there to hear it.
    this.#result.catch(() => {});
  }

  /** The read's answer for one more caller, who leaves when `signal` aborts. */
  join(signal?: AbortSignal): Promise<T> {
    if (!signal) {
      this.#held = true;
      return this.#result;
    }
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    this.#callers++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        this.#callers--;
        if (this.#callers === 0 && !this.#held) this.#controller.abort(signal.reason);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', leave, { once: true });
      this.#result.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error as Error);
        },
      );
    });
  }

  /** Whether the read has been abandoned by every caller (a later caller must start another). */
  get abandoned(): boolean {
    return this.#controller.signal.aborted;
  }
}

/**
 * Reads under way, by key: a caller who asks for a key whose read of the same state (`stamp`) is
 * under way joins it instead of starting another. A read leaves the map when it ends, whoever of
 * its callers is still there.
 */
export class SharedReads<T> {
  readonly #reading = new Map<string, { stamp: string; read: SharedRead<T> }>();

  join(key: string, stamp: string, read: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const pending = this.#reading.get(key);
    if (pending && pending.stamp === stamp && !pending.read.abandoned) return pending.read.join(signal);
    const entry: { stamp: string; read: SharedRead<T> } = { stamp, read: undefined as never };
    entry.read = new SharedRead(async (shared) => {
      try {
        return await read(shared);
      } finally {
        if (this.#reading.get(key) === entry) this.#reading.delete(key);
      }
    });
    this.#reading.set(key, entry);
    return entry.read.join(signal);
  }
}
