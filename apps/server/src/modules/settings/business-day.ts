import { todayInTimeZone, timeOfDayInTimeZone } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readSettings } from '../../db/repositories/settings.repository.ts';

/**
 * 3DS's "today": the day it is in the time zone our Settings name (031_late_destruction_and_one_clock.sql).
 * The server's date checks (a destruction record's dates, a registration's expiry, a new job's
 * initiation date) and the keys of what it keeps by day read it here; the jobs layout's Days Left
 * reads the same zone in SQL (`tds_today()`). One zone, so one day, wherever the server, the
 * database and the browser are.
 *
 * The zone is read at start, taken at once from a change made through this server, and read again
 * every minute, so that a change made through another server of the database is followed within a
 * minute (it changes once, when the registration is set up).
 */
export class BusinessDay {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  #timeZone: string;
  /** Today as last counted, for the second of the clock it was counted at. */
  #kept: { second: number; timeZone: string; day: string } | undefined;

  private constructor(db: Kysely<Database>, now: () => Date, timeZone: string) {
    this.#db = db;
    this.#now = now;
    this.#timeZone = timeZone;
  }

  /**
   * The zone as the settings hold it. A database that cannot be read at start (an app built while
   * PostgreSQL is down answers 503 until it is back) gives the server's own zone meanwhile, until
   * the next read succeeds; `onUnread` says so.
   */
  static async read(db: Kysely<Database>, now: () => Date, onUnread: (error: unknown) => void = () => {}): Promise<BusinessDay> {
    try {
      return new BusinessDay(db, now, (await readSettings(db)).time_zone);
    } catch (error) {
      onUnread(error);
      return new BusinessDay(db, now, Intl.DateTimeFormat().resolvedOptions().timeZone);
    }
  }

  get timeZone(): string {
    return this.#timeZone;
  }

  /**
   * Today as ISO `YYYY-MM-DD`, in the Settings' time zone, by the server's clock. Every answer asks
   * (it is part of what answers are kept by), and counting it costs more than the rest of a kept
   * answer's work, so it is counted once per second of the clock: a zone's midnight falls on a whole
   * second (offsets are whole minutes), so the day is the same throughout the second it was counted in.
   */
  today(): string {
    const now = this.#now();
    const second = Math.floor(now.getTime() / 1000);
    const kept = this.#kept;
    if (kept && kept.second === second && kept.timeZone === this.#timeZone) return kept.day;
    const day = todayInTimeZone(now, this.#timeZone);
    this.#kept = { second, timeZone: this.#timeZone, day };
    return day;
  }

  /** The time of day `HH:MM` in the Settings' time zone, by the server's clock. */
  timeOfDay(): string {
    return timeOfDayInTimeZone(this.#now(), this.#timeZone);
  }

  /** Follows a change of the setting made through this server. */
  use(timeZone: string): void {
    this.#timeZone = timeZone;
  }

  async refresh(): Promise<void> {
    this.#timeZone = (await readSettings(this.#db)).time_zone;
  }

  /** Reads the zone again every `everyMs`; the timer does not keep the process alive. Returns a stop function. */
  scheduleRefresh(onError: (error: unknown) => void, everyMs = 60_000): () => void {
    const timer = setInterval(() => void this.refresh().catch(onError), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
