import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool } from 'kysely';
import type pg from 'pg';

/**
 * Reads that stop in the database when nobody waits for them any more (docs/performance.md, "How
 * reads share the database"). `whileWanted(signal, read)` runs a read; every connection its
 * statements take from the pool while it runs is noted, and when `signal` aborts (the client went
 * away, the find ran past its time limit) each of them is sent `pg_cancel_backend` from a
 * connection of its own. The read then fails with the signal's reason, not the database's "canceling
 * statement". A connection that was sent a cancel is closed rather than given back to the pool, so
 * that a cancel still on its way can never stop somebody else's statement.
 *
 * On the embedded database (PGlite) nothing can be interrupted: the read runs to its end.
 */

interface Pending {
  signal: AbortSignal;
  /** The pool clients this read holds right now, each with its way to be cancelled. */
  held: Set<() => void>;
}

const reads = new AsyncLocalStorage<Pending>();

export async function whileWanted<T>(signal: AbortSignal | undefined, read: () => Promise<T>): Promise<T> {
  if (!signal) return read();
  signal.throwIfAborted();
  const pending: Pending = { signal, held: new Set() };
  const cancelAll = () => {
    for (const cancel of pending.held) cancel();
  };
  signal.addEventListener('abort', cancelAll, { once: true });
  try {
    return await reads.run(pending, read);
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  } finally {
    signal.removeEventListener('abort', cancelAll);
  }
}

/**
 * `pool` as Kysely is given it: a client taken inside `whileWanted` is noted for cancelling until it
 * is given back. `cancelBackend` stops the statement of a backend (its process id).
 */
export function cancellablePool(pool: pg.Pool, cancelBackend: (pid: number) => Promise<void>): PostgresPool {
  return {
    get options() {
      return pool.options;
    },
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      const pending = reads.getStore();
      if (!pending) return client;
      if (pending.signal.aborted) {
        client.release();
        throw pending.signal.reason;
      }
      const giveBack = client.release.bind(client);
      let cancelling: Promise<void> | undefined;
      const cancel = () => {
        const pid = (client as { processID?: number | null }).processID;
        cancelling ??= pid ? cancelBackend(pid).catch(() => {}) : Promise.resolve();
      };
      pending.held.add(cancel);
      client.release = (error?: Error | boolean) => {
        pending.held.delete(cancel);
        if (cancelling) void cancelling.then(() => giveBack(true));
        else giveBack(error);
      };
      return client;
    },
  };
}
