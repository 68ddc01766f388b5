import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** 40001 serialization_failure and 40P01 deadlock_detected: safe to run the whole transaction again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '40001' || code === '40P01';
}

/**
 * Runs `work` in one transaction. When the database aborts it for a deadlock or a serialization
 * conflict with a concurrent writer, it is run again (up to `attempts` times, with a short random
 * pause), so users never see those errors. `work` must do nothing outside the database that
 * cannot be repeated.
 */
export async function transaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
