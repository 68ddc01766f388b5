/**
 * Turns for the reads of lists and records that go to the database: at most `limit` at a time, the
 * rest wait here, first come first served. Saves take no turn.
 *
 * Why: on a server whose processors are busy with readers (people asking finds nobody asked before),
 * a save's statements share the processors with every reading statement running at that moment. A
 * save holds its rows while it waits, and the person at the scanner waits for it. With the readers
 * taking turns, the database runs a few reads at a time, as fast as it can run them, and a save
 * runs beside a few instead of beside all. Readers wait about as long as before, in this line rather
 * than in the database's; answers kept in memory take no turn at all.
 */
export class ReadTurns {
  readonly #limit: number;
  #running = 0;
  /** Oldest first. */
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`ReadTurns: a limit of ${limit} reads at a time is not a whole number ≥ 1.`);
    this.#limit = limit;
  }

  /** Runs `read` once a turn is free, and frees the turn when it ends, however it ends. */
  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.#running < this.#limit) this.#running++;
    else await new Promise<void>((start) => this.#waiting.push(start));
    try {
      return await read();
    } finally {
      // The turn passes straight to the oldest waiting, so `running` never drops while some wait.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  /** Reads running now, and waiting (for tests and diagnostics). */
  get running(): number {
    return this.#running;
  }
  get waiting(): number {
    return this.#waiting.length;
  }
}
