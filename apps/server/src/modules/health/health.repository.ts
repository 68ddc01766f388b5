import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Resolves once the database has answered a query; rejects when it cannot be reached. */
export async function databaseAnswers(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
