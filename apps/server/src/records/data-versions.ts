import type { ChangeFeed } from '../db/change-feed.ts';

/**
 * This server's knowledge of which record tables changed, kept in memory from the change feed
 * (db/change-feed.ts) instead of read from the database with every request. A stamp names the
 * state of some tables; a stamp taken before reading the database and still current afterwards
 * means none of those tables changed in between (as far as this server has been told).
 *
 * Stamps exist only while the feed is listening: without notices nothing kept in memory can be
 * trusted, and `stamp` answers undefined. Every reset of the feed (a lost connection, a marker that
 * did not come back) moves the epoch, so no stamp taken before it matches again.
 */
export class DataVersions {
  readonly #feed: ChangeFeed | undefined;
  readonly #tables = new Map<string, number>();
  #epoch = 0;

  constructor(feed: ChangeFeed | undefined) {
    this.#feed = feed;
    feed?.subscribe({
      notice: (channel, table) => {
        if (channel === 'tds_changes') this.#tables.set(table, (this.#tables.get(table) ?? 0) + 1);
      },
      reset: () => {
        this.#epoch += 1;
      },
    });
  }

  /** The current state of these tables, or undefined when this server cannot know it. */
  stamp(tables: readonly string[]): string | undefined {
    if (!this.#feed?.listening) return undefined;
    let stamp = String(this.#epoch);
    for (const table of tables) stamp += `,${this.#tables.get(table) ?? 0}`;
    return stamp;
  }
}
