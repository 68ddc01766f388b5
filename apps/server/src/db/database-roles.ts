import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/**
 * Who may do what in the database (README, "Running against PostgreSQL").
 *
 * With two roles, the owner (DATABASE_ADMIN_URL) runs the migrations and owns every table, and the
 * server (DATABASE_URL) works as a role that may read and write the record tables but may only read
 * audit_log and append to it — naming neither `id` nor `at`, which the database fills in. Since it
 * owns nothing, it cannot `ALTER TABLE audit_log DISABLE TRIGGER`, drop the triggers or the table,
 * replace their functions, TRUNCATE, UPDATE or DELETE: the history cannot be rewritten through
 * the server, whatever a flaw in it or a stolen server password would let someone send.
 *
 * With one role (DATABASE_URL alone, or both naming the same role; always on the embedded
 * database) the server owns audit_log: the triggers refuse UPDATE, DELETE and TRUNCATE and stamp
 * `at`, but an owner may disable them. That set-up protects against mistakes, not against someone
 * who holds the server's credentials.
 */

/**
 * The records the law keeps (076_kept_records.sql): the server's role of the two-role set-up may read
 * and add them, never delete or rewrite them; a report or a document may only be marked superseded.
 * A stored file it may add and (an expired export) remove, never change.
 */
export const KEPT_TABLES = ['arcos_reports', 'arcos_report_transactions', 'generated_documents', 'inventories', 'inventory_lines', 'signed_copies'] as const;
const SUPERSEDED_TABLES = ['arcos_reports', 'generated_documents'] as const;

/** A role name as an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The role a handle works as. */
export async function currentRole(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ role: string }>`SELECT current_user::text AS role`.execute(handle.db);
  return rows[0]!.role;
}

/**
 * Gives the server's role what it needs and nothing more, run by the owner after the migrations
 * (under their lock, so that servers starting together do not grant at once). Every table of the
 * schema: SELECT, INSERT, UPDATE, DELETE; sequences: USAGE and SELECT (nextval, not setval);
 * audit_log: SELECT, and INSERT of every column but `id` and `at`; schema_migrations: SELECT (to
 * see that the database is migrated); the kept records (KEPT_TABLES): SELECT and INSERT, UPDATE of
 * the superseding columns only; files: no UPDATE; corrections: no DELETE or TRUNCATE. Whatever the role held before is revoked first, in the same
 * transaction, so that a grant made by hand (UPDATE on audit_log, TRUNCATE, TRIGGER) does not
 * survive, and a running server never sees a moment without its privileges.
 */
export async function grantServerRole(admin: DatabaseHandle, role: string): Promise<void> {
  const columns = await sql<{ name: string }>`
    SELECT column_name::text AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'audit_log' AND column_name NOT IN ('id', 'at')
    ORDER BY ordinal_position`.execute(admin.db);
  if (!columns.rows.length) throw new Error('audit_log is missing: migrate the database before granting the server role');
  const who = quoteIdent(role);
  try {
    await admin.execScript(`BEGIN;
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${who};
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${who};
GRANT USAGE ON SCHEMA public TO ${who};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${who};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${who};
REVOKE ALL ON audit_log, schema_migrations FROM ${who};
GRANT SELECT ON audit_log, schema_migrations TO ${who};
GRANT INSERT (${columns.rows.map((c) => quoteIdent(c.name)).join(', ')}) ON audit_log TO ${who};
REVOKE UPDATE, DELETE, TRUNCATE ON ${KEPT_TABLES.join(', ')} FROM ${who};
GRANT UPDATE (superseded_at, superseded_by) ON ${SUPERSEDED_TABLES.join(', ')} TO ${who};
REVOKE UPDATE ON files FROM ${who};
REVOKE DELETE, TRUNCATE ON corrections FROM ${who};
COMMIT;`);
  } catch (error) {
    await admin.execScript('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** What the database says about the server's role, read as that role. */
export interface ServerRoleFacts {
  role: string;
  /** A superuser, or a member of one (it may SET ROLE to it). */
  superuser: boolean;
  createRole: boolean;
  /** audit_log exists (a database never migrated has none). */
  auditLogExists: boolean;
  /** The owner of audit_log, and whether the role is it or a member of it. */
  auditLogOwner: string | null;
  ownsAuditLog: boolean;
  /** Owns the schema audit_log is in (in PostgreSQL 15, the database's owner does): it may drop the table. */
  ownsSchema: boolean;
  /** What it may do to audit_log that it must not. */
  auditLogPrivileges: { update: boolean; delete: boolean; truncate: boolean; trigger: boolean; insertId: boolean; insertAt: boolean };
  /** What it may do to a kept record that it must not ("DELETE on inventories"), or to a kept file. */
  keptRecordPrivileges: string[];
}

export async function serverRoleFacts(server: DatabaseHandle): Promise<ServerRoleFacts> {
  const { rows } = await sql<{
    role: string;
    superuser: boolean;
    create_role: boolean;
    audit_log: string | null;
    audit_log_owner: string | null;
    owns_audit_log: boolean;
    owns_schema: boolean;
  }>`
    SELECT current_user::text AS role,
           EXISTS (SELECT 1 FROM pg_roles s WHERE s.rolsuper AND pg_has_role(current_user, s.oid, 'MEMBER')) AS superuser,
           r.rolcreaterole AS create_role,
           to_regclass('public.audit_log')::text AS audit_log,
           (SELECT c.relowner::regrole::text FROM pg_class c WHERE c.oid = to_regclass('public.audit_log')) AS audit_log_owner,
           coalesce((SELECT pg_has_role(current_user, c.relowner, 'MEMBER') FROM pg_class c WHERE c.oid = to_regclass('public.audit_log')), false) AS owns_audit_log,
           (SELECT pg_has_role(current_user, n.nspowner, 'MEMBER') FROM pg_namespace n WHERE n.nspname = 'public') AS owns_schema
    FROM pg_roles r WHERE r.rolname = current_user`.execute(server.db);
  const facts = rows[0]!;
  const none = { update: false, delete: false, truncate: false, trigger: false, insertId: false, insertAt: false };
  let auditLogPrivileges = none;
  if (facts.audit_log) {
    const privileges = await sql<ServerRoleFacts['auditLogPrivileges']>`
      SELECT has_any_column_privilege('public.audit_log', 'UPDATE') AS update,
             has_table_privilege('public.audit_log', 'DELETE') AS delete,
             has_table_privilege('public.audit_log', 'TRUNCATE') AS truncate,
             has_table_privilege('public.audit_log', 'TRIGGER') AS trigger,
             has_column_privilege('public.audit_log', 'id', 'INSERT') AS "insertId",
             has_column_privilege('public.audit_log', 'at', 'INSERT') AS "insertAt"`.execute(server.db);
    auditLogPrivileges = privileges.rows[0]!;
  }
  const kept = await sql<{ held: string }>`
    SELECT format('%s on %s', p.privilege, c.relname) AS held
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    CROSS JOIN LATERAL (VALUES ('DELETE'), ('TRUNCATE'), ('TRIGGER')) AS p(privilege)
    WHERE c.relkind = 'r' AND c.relname = ANY(${[...KEPT_TABLES]}::text[]) AND has_table_privilege(c.oid, p.privilege)
    UNION ALL
    SELECT format('UPDATE of %s on %s', a.attname, c.relname)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind = 'r' AND (c.relname = ANY(${[...KEPT_TABLES]}::text[]) OR c.relname = 'files')
      AND a.attname NOT IN ('superseded_at', 'superseded_by') AND has_column_privilege(c.oid, a.attnum, 'UPDATE')
    ORDER BY 1`.execute(server.db);
  return {
    keptRecordPrivileges: kept.rows.map((r) => r.held),
    role: facts.role,
    superuser: facts.superuser,
    createRole: facts.create_role,
    auditLogExists: facts.audit_log !== null,
    auditLogOwner: facts.audit_log_owner,
    ownsAuditLog: facts.owns_audit_log,
    ownsSchema: facts.owns_schema,
    auditLogPrivileges,
  };
}

/** Whether the role works as the one role of a one-role set-up: it owns (or may own) the schema's tables. */
export function actsAsOwner(facts: ServerRoleFacts): boolean {
  return facts.superuser || facts.ownsAuditLog || (!facts.auditLogExists && facts.ownsSchema);
}

/**
 * Every way the server's role could still change or remove audit rows, or write one with a time of
 * its choosing, in words an operator can act on; none in a sound two-role set-up.
 */
export function auditLogWeaknesses(facts: ServerRoleFacts): string[] {
  const found: string[] = [];
  const p = facts.auditLogPrivileges;
  if (facts.superuser) found.push('it is a superuser, or may SET ROLE to one');
  if (facts.ownsAuditLog) found.push(`it owns audit_log, or is a member of its owner ${facts.auditLogOwner}`);
  if (facts.ownsSchema) found.push('it owns the schema public (as the owner of the database does), so it may drop audit_log');
  if (facts.createRole) found.push('it has CREATEROLE, so it may make itself a member of the owner');
  const held = [p.update && 'UPDATE', p.delete && 'DELETE', p.truncate && 'TRUNCATE', p.trigger && 'TRIGGER'].filter(Boolean);
  if (held.length) found.push(`it holds ${held.join(', ')} on audit_log`);
  if (p.insertId || p.insertAt) found.push('it may name id or at when inserting into audit_log');
  if (facts.keptRecordPrivileges.length) {
    const held = facts.keptRecordPrivileges;
    found.push(`it may rewrite or remove kept records: ${held.slice(0, 4).join(', ')}${held.length > 4 ? ` and ${held.length - 4} more` : ''}`);
  }
  return found;
}

/**
 * What the server's role lacks for its normal work (after a migration made by hand without the
 * grants): privileges, each with its table, in words. Empty when it has everything.
 */
export async function missingServerPrivileges(server: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ missing: string }>`
    SELECT format('%s on %s', p.privilege, c.relname) AS missing
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    CROSS JOIN LATERAL (VALUES ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE')) AS p(privilege)
    WHERE c.relkind IN ('r', 'p') AND c.relname NOT IN ('audit_log', 'schema_migrations')
      -- A kept record is read and added, never rewritten or removed; a stored file is never rewritten.
      AND NOT (c.relname = ANY(${[...KEPT_TABLES]}::text[]) AND p.privilege IN ('UPDATE', 'DELETE'))
      AND NOT (c.relname = 'files' AND p.privilege = 'UPDATE')
      -- A correction is decided (UPDATE) once and never removed (080_corrections.sql).
      AND NOT (c.relname = 'corrections' AND p.privilege = 'DELETE')
      AND NOT has_table_privilege(c.oid, p.privilege)
    UNION ALL
    SELECT format('USAGE on the sequence %s', c.relname)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    -- CASE: the planner may test rows of other kinds first, and only a sequence has sequence privileges.
    WHERE CASE WHEN c.relkind = 'S' THEN NOT has_sequence_privilege(c.oid, 'USAGE') ELSE false END
    UNION ALL
    SELECT x.missing FROM (VALUES
      ('SELECT on audit_log', has_table_privilege('public.audit_log', 'SELECT')),
      ('INSERT on audit_log', has_column_privilege('public.audit_log', 'username', 'INSERT')),
      ('SELECT on schema_migrations', has_table_privilege('public.schema_migrations', 'SELECT'))
    ) AS x(missing, held) WHERE NOT x.held
    ORDER BY 1`.execute(server.db);
  return rows.map((r) => r.missing);
}
