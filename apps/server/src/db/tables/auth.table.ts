import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: Generated<string>;
  password_hash: string;
  parent_organization: string | null;
  privileges: ColumnType<string[], string[] | undefined, string[]>;
  disabled: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  mod_id: Generated<number>;
}
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}
export type Session = Selectable<SessionsTable>;

export interface LoginFailuresTable {
  id: Generated<string>;
  username: string;
  at: DefaultTimestamp;
  ip: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: DefaultTimestamp;
  username: string;
  action: string;
  entity: string;
  record_id: string | null;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after: ColumnType<unknown, string | null | undefined, string | null>;
  request_id: string | null;
}
export type NewAuditEntry = Insertable<AuditLogTable>;

export interface LoginLockoutsTable {
  username: string;
  locked_until: Timestamp;
}
