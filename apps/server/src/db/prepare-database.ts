import type { Config } from '../config/env.ts';
import { DatabaseUnreachableError, openDatabase, openPostgres, redactUrl, type DatabaseHandle } from './database.ts';
import { actsAsOwner, auditLogWeaknesses, currentRole, grantServerRole, missingServerPrivileges, serverRoleFacts } from './database-roles.ts';
import { migrate, pendingMigrations, withMigrationLock } from './migrate.ts';

/** A database set-up the server must not run on; the message says what to change. */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
}

/**
 * How the audit log is kept from being rewritten (README, "Running against PostgreSQL"):
 * - `two-roles`: the server's role may only read audit_log and append to it; the owner is another role;
 * - `one-role`: the server's role owns the tables; the triggers refuse changes but the owner may disable them;
 * - `embedded`: PGlite, one role by nature, as `one-role`.
 */
export type AuditLogGuard = 'two-roles' | 'one-role' | 'embedded';

export interface PreparedDatabase {
  /** The server's own connection (DATABASE_URL's role). */
  database: DatabaseHandle;
  /** The owner's connection when DATABASE_ADMIN_URL names another role (the demo seed uses it); close it once done. */
  admin: DatabaseHandle | undefined;
  applied: string[];
  guard: AuditLogGuard;
  /** The server's role (PostgreSQL). */
  role: string | undefined;
}

async function openChecked(url: string, what: string): Promise<DatabaseHandle> {
  // One connection: the migration lock is a session's, and the owner needs no more.
  const handle = openPostgres(url, 1);
  try {
    await handle.execScript('SELECT 1');
  } catch (error) {
    await handle.close().catch(() => {});
    throw new DatabaseUnreachableError(`Cannot reach the database at ${redactUrl(url)} (${what}): ${(error as Error).message}`);
  }
  return handle;
}

/**
 * Opens the server's database ready to serve: migrated, and on PostgreSQL checked for who may
 * rewrite the audit log.
 *
 * - DATABASE_ADMIN_URL naming another role than DATABASE_URL: the owner migrates and grants the
 *   server's role its privileges (grantServerRole); the server's role must then be unable to rewrite
 *   the audit log, or the start stops naming why.
 * - DATABASE_URL alone, its role owning the tables (or the database empty): one role, which
 *   migrates as before; the start goes on, and `guard` says `one-role`.
 * - DATABASE_URL alone, its role owning nothing: the owner migrated beforehand (`npm run migrate`
 *   with both URLs), so the owner's password need not be given to the server. Pending migrations,
 *   missing privileges or a weakness stop the start.
 */
export async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  const prepared = await prepareAnyDatabase(config);
  if (config.production && prepared.guard !== 'two-roles') {
    await prepared.admin?.close().catch(() => {});
    await prepared.database.close().catch(() => {});
    throw new DatabaseSetupError(productionRefusal(prepared.guard, prepared.role));
  }
  return prepared;
}

/**
 * Why production (NODE_ENV=production) does not start on a set-up in which the server's role owns the
 * tables: it could disable the triggers that keep the audit log and the kept records (reports,
 * generated documents, inventories) from being rewritten.
 */
export function productionRefusal(guard: AuditLogGuard, role: string | undefined): string {
  const what =
    guard === 'embedded'
      ? 'the embedded database has one role, which owns every table'
      : `the role ${role} of DATABASE_URL owns the tables, so it could disable the triggers that keep the audit log and the kept reports, documents and inventories`;
  return `NODE_ENV is production, and ${what}. Run against PostgreSQL with two roles: DATABASE_ADMIN_URL for the owner and DATABASE_URL for a server role that owns nothing (README, "Running against PostgreSQL").`;
}

async function prepareAnyDatabase(config: Config): Promise<PreparedDatabase> {
  const database = await openDatabase(config);
  try {
    if (config.database.kind === 'pglite') {
      return { database, admin: undefined, applied: await migrate(database), guard: 'embedded', role: undefined };
    }
    const role = await currentRole(database);
    const { adminUrl, url } = config.database;
    let admin = adminUrl ? await openChecked(adminUrl, 'DATABASE_ADMIN_URL') : undefined;
    try {
      if (admin && (await currentRole(admin)) === role) {
        // Both URLs name one role: a one-role set-up written out in full.
        await admin.close();
        admin = undefined;
      }
      if (admin) {
        const owner = admin;
        const applied = await withMigrationLock(owner, async () => {
          // migrate() takes the same lock again: advisory locks nest within a session.
          const names = await migrate(owner);
          await grantServerRole(owner, role);
          return names;
        });
        await assertServerRoleSound(database);
        return { database, admin, applied, guard: 'two-roles', role };
      }
      const facts = await serverRoleFacts(database);
      if (actsAsOwner(facts)) {
        const migrator = await openChecked(url, 'DATABASE_URL');
        try {
          return { database, admin: undefined, applied: await migrate(migrator), guard: 'one-role', role };
        } finally {
          await migrator.close();
        }
      }
      const pending = await pendingMigrations(database);
      if (pending.length) {
        throw new DatabaseSetupError(
          `the database is not migrated (${pending.length} migration${pending.length === 1 ? '' : 's'} to apply, from ${pending[0]}), and the role ${role} of DATABASE_URL owns no table, so it may not migrate. Run \`npm run migrate\` with DATABASE_ADMIN_URL (the owner) and DATABASE_URL set, or start the server with DATABASE_ADMIN_URL too.`,
        );
      }
      await assertServerRoleSound(database);
      return { database, admin: undefined, applied: [], guard: 'two-roles', role };
    } catch (error) {
      await admin?.close().catch(() => {});
      throw error;
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** The server's role can do its work and cannot rewrite the audit log, or a DatabaseSetupError says why not. */
async function assertServerRoleSound(database: DatabaseHandle): Promise<void> {
  const facts = await serverRoleFacts(database);
  const weaknesses = auditLogWeaknesses(facts);
  if (weaknesses.length) {
    throw new DatabaseSetupError(
      `the role ${facts.role} of DATABASE_URL could rewrite the audit log: ${weaknesses.join('; ')}. Give the server a role of its own that owns nothing (README, "Running against PostgreSQL"), or leave DATABASE_ADMIN_URL unset for a one-role set-up.`,
    );
  }
  const missing = await missingServerPrivileges(database);
  if (missing.length) {
    throw new DatabaseSetupError(
      `the role ${facts.role} of DATABASE_URL lacks ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. Run \`npm run migrate\` with DATABASE_ADMIN_URL and DATABASE_URL set: it grants them.`,
    );
  }
}

/** What the start logs about the audit log's protection. */
export function auditLogGuardText(guard: AuditLogGuard, role: string | undefined): string {
  switch (guard) {
    case 'two-roles':
      return `audit log: the server's database role ${role} may only read it and append to it`;
    case 'one-role':
      return `audit log: one database role (${role}) owns it; its triggers refuse changes, but that role could disable them. Set DATABASE_ADMIN_URL for a two-role set-up (README, "Running against PostgreSQL")`;
    case 'embedded':
      return 'audit log: embedded database, one role; its triggers refuse changes';
  }
}
