import { AppError, findTooSlow } from '../errors/app-error.ts';
import { ERROR_CODES } from '@3ds/domain';

/**
 * Turns for the reads of lists and records that go to the database, in two lanes, so that nobody
 * waits behind someone else's find (docs/performance.md, "How reads share the database").
 *
 * - **quick**: a record, or a page of a list whose find the indexes answer as one set of ids (or no
 *   find at all) in id order. Each costs a few milliseconds.
 * - **find**: every other list read: finds tested row by row, sorts, unions and omits. They may cost
 *   far more, and they never hold up the quick lane: each lane has turns of its own.
 *
 * Within a lane, turns go round the users who wait, one each in turn, and one user runs at most
 * `perUser` reads of the lane at once: one person's ten parallel finds take one person's share.
 * A read waits at most `maxWaitMs` (then 503, "busy"), a user has at most `waitingPerUser` reads
 * waiting in a lane (then 429), and a read that runs longer than `runLimitMs` is cancelled
 * with a message that says how to narrow it (`findTooSlow`). A read whose caller has gone (its
 * signal aborted) leaves its place in the line, or is cancelled in the database where it runs.
 *
 * Why turns at all: on a server whose processors are busy with readers, a save's statements share
 * the processors with every reading statement running at that moment. With the readers taking
 * turns, the database runs a few reads at a time, and a save runs beside a few instead of beside
 * all. Saves take no turn; answers kept in memory take none either.
 */
export type ReadLane = 'quick' | 'find';

export interface ReadTicket {
  lane: ReadLane;
  /** Whose read it is: turns go round the users. */
  user: string;
  /** Aborted when nobody waits for the read any more (the client went away). */
  signal?: AbortSignal | undefined;
}

export interface LaneStatus {
  running: number;
  waiting: number;
  /** How long the oldest waiting read has waited, in ms (0 when none waits). */
  oldestWaitMs: number;
}

export interface ReadTurnsOptions {
  /** Reads of the find lane at once (default: `limit`). */
  findsAtOnce?: number;
  /** Reads of the find lane one user runs at once (default 1). */
  findsPerUser?: number;
  /** Reads one user may have waiting in a lane (default 20). */
  waitingPerUser?: number;
  /** How long a read may wait for its turn (default 10 s). */
  maxWaitMs?: number;
  /** How long a find lane read may run (default 5 s). */
  runLimitMs?: number;
  now?: () => number;
}

interface Waiter {
  user: string;
  since: number;
  start: () => void;
}

class Lane {
  readonly #limit: number;
  readonly #perUser: number;
  #running = 0;
  readonly #runningBy = new Map<string, number>();
  /** Waiting reads by user. */
  readonly #waiting = new Map<string, Waiter[]>();
  #waitingCount = 0;
  /** When each user last had a turn (a counter): the user served longest ago goes first. */
  readonly #lastServed = new Map<string, number>();
  #served = 0;

  constructor(limit: number, perUser: number) {
    this.#limit = limit;
    this.#perUser = perUser;
  }

  #canStart(user: string): boolean {
    return this.#running < this.#limit && (this.#runningBy.get(user) ?? 0) < this.#perUser;
  }

  #take(user: string) {
    this.#running++;
    this.#runningBy.set(user, (this.#runningBy.get(user) ?? 0) + 1);
    // Remembered while the user has reads here; forgotten with the last, so the map stays small.
    this.#lastServed.set(user, ++this.#served);
  }

  /**
   * Takes a turn at once when one is free for this user and none of theirs waits before (whoever else
   * waits, waits for a turn that is not free, or for their own share), and says whether it did.
   */
  tryTake(user: string): boolean {
    if (!this.#canStart(user) || this.#waiting.has(user)) return false;
    this.#take(user);
    return true;
  }

  waitingOf(user: string): number {
    return this.#waiting.get(user)?.length ?? 0;
  }

  enqueue(waiter: Waiter) {
    const line = this.#waiting.get(waiter.user);
    if (line) line.push(waiter);
    else this.#waiting.set(waiter.user, [waiter]);
    this.#waitingCount++;
  }

  /** Takes a waiter out of the line (it gave up); false when it had already been started. */
  remove(waiter: Waiter): boolean {
    const line = this.#waiting.get(waiter.user);
    const at = line?.indexOf(waiter) ?? -1;
    if (!line || at < 0) return false;
    line.splice(at, 1);
    if (!line.length) this.#waiting.delete(waiter.user);
    this.#waitingCount--;
    if (!this.#runningBy.has(waiter.user) && !this.#waiting.has(waiter.user)) this.#lastServed.delete(waiter.user);
    return true;
  }

  /** Gives a turn back and starts whoever may go next: users in turn, each user's oldest first. */
  release(user: string) {
    this.#running--;
    const mine = (this.#runningBy.get(user) ?? 1) - 1;
    if (mine) this.#runningBy.set(user, mine);
    else this.#runningBy.delete(user);
    this.#startNext();
    if (!this.#runningBy.has(user) && !this.#waiting.has(user)) this.#lastServed.delete(user);
  }

  #startNext() {
    while (this.#running < this.#limit) {
      // The waiting user who may start and had a turn longest ago (never: first); their oldest read.
      let chosen: string | undefined;
      let chosenServed = Infinity;
      for (const user of this.#waiting.keys()) {
        const served = this.#lastServed.get(user) ?? 0;
        if (served < chosenServed && this.#canStart(user)) {
          chosen = user;
          chosenServed = served;
        }
      }
      if (chosen === undefined) return;
      const line = this.#waiting.get(chosen)!;
      const next = line.shift()!;
      if (!line.length) this.#waiting.delete(chosen);
      this.#waitingCount--;
      this.#take(next.user);
      next.start();
    }
  }

  status(now: number): LaneStatus {
    let oldest = now;
    for (const line of this.#waiting.values()) if (line[0] && line[0].since < oldest) oldest = line[0].since;
    return { running: this.#running, waiting: this.#waitingCount, oldestWaitMs: now - oldest };
  }
}

export class ReadTurns {
  readonly #lanes: Record<ReadLane, Lane>;
  readonly #waitingPerUser: number;
  readonly #maxWaitMs: number;
  readonly #runLimitMs: number;
  readonly #now: () => number;

  constructor(limit: number, options: ReadTurnsOptions = {}) {
    const whole = (n: number, what: string) => {
      if (!Number.isInteger(n) || n < 1) throw new RangeError(`ReadTurns: ${what} of ${n} is not a whole number ≥ 1.`);
      return n;
    };
    whole(limit, 'a limit');
    this.#lanes = {
      quick: new Lane(limit, limit),
      find: new Lane(whole(options.findsAtOnce ?? limit, 'finds at once'), whole(options.findsPerUser ?? 1, 'finds per user')),
    };
    this.#waitingPerUser = whole(options.waitingPerUser ?? 20, 'reads waiting per user');
    this.#maxWaitMs = options.maxWaitMs ?? 10_000;
    this.#runLimitMs = options.runLimitMs ?? 5_000;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Runs `read` once the ticket's lane gives it a turn, and gives the turn back when it ends, however
   * it ends. `read` is given the signal to run with: aborted when the caller goes, and when it has
   * run for `runLimitMs` (its reason then `findTooSlow`), in either lane.
   */
  async run<T>(ticket: ReadTicket, read: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
    const lane = this.#lanes[ticket.lane];
    ticket.signal?.throwIfAborted();
    if (!lane.tryTake(ticket.user)) await this.#wait(lane, ticket);
    let timer: NodeJS.Timeout | undefined;
    try {
      // Either lane: a read the quick lane took for cheap (one id set, say) can still run long.
      const limit = new AbortController();
      timer = setTimeout(() => limit.abort(findTooSlow(this.#runLimitMs)), this.#runLimitMs);
      timer.unref();
      return await read(ticket.signal ? AbortSignal.any([ticket.signal, limit.signal]) : limit.signal);
    } finally {
      clearTimeout(timer);
      lane.release(ticket.user);
    }
  }

  #wait(lane: Lane, ticket: ReadTicket): Promise<void> {
    if (lane.waitingOf(ticket.user) >= this.#waitingPerUser) {
      throw new AppError(
        429,
        ERROR_CODES.tooManyAttempts,
        `You already have ${this.#waitingPerUser} ${ticket.lane === 'find' ? 'finds' : 'reads'} waiting. Wait for them to answer, or close the screens that asked for them.`,
        { retryAfterSeconds: 2 },
      );
    }
    return new Promise<void>((resolve, reject) => {
      const leave = (reason: unknown) => {
        if (!lane.remove(waiter)) return;
        clearTimeout(timer);
        ticket.signal?.removeEventListener('abort', onAbort);
        reject(reason);
      };
      const onAbort = () => leave(ticket.signal!.reason);
      const waiter: Waiter = {
        user: ticket.user,
        since: this.#now(),
        start: () => {
          clearTimeout(timer);
          ticket.signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const timer = setTimeout(
        () =>
          leave(
            new AppError(503, ERROR_CODES.unavailable, 'The server is busy answering other finds. Try again in a moment.', {
              title: 'Busy',
              retryAfterSeconds: 2,
            }),
          ),
        this.#maxWaitMs,
      );
      timer.unref();
      lane.enqueue(waiter);
      ticket.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Each lane's reads running and waiting (readiness, diagnostics and tests). */
  status(): Record<ReadLane, LaneStatus> {
    const now = this.#now();
    return { quick: this.#lanes.quick.status(now), find: this.#lanes.find.status(now) };
  }

  /** Reads running now, and waiting, in both lanes. */
  get running(): number {
    const s = this.status();
    return s.quick.running + s.find.running;
  }
  get waiting(): number {
    const s = this.status();
    return s.quick.waiting + s.find.waiting;
  }

  /**
   * Whether the server's reads are saturated: a quick read (a record, an indexed page) has waited
   * longer than `quickWaitMs` for its turn, or finds have waited longer than half their limit.
   */
  saturated(quickWaitMs = 1_000): boolean {
    const s = this.status();
    return s.quick.oldestWaitMs > quickWaitMs || s.find.oldestWaitMs > this.#maxWaitMs / 2;
  }
}
