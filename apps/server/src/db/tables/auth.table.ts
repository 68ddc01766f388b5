import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: Generated<string>;
  password_hash: string;
  parent_organization: string | null;
  privileges: ColumnType<string[], string[] | undefined, string[]>;
  disabled: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  mod_id: Generated<number>;
}
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Generated<Timestamp>;
  last_seen_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}
export type Session = Selectable<SessionsTable>;

export interface LoginFailuresTable {
  id: Generated<string>;
  username: string;
  at: Generated<Timestamp>;
  ip: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Timestamp>;
  username: string;
  action: string;
  entity: string;
  record_id: string | null;
  before: ColumnType<unknown, string | null | undefined, string | null> | null;
  after: ColumnType<unknown, string | null | undefined, string | null> | null;
  request_id: string | null;
}
export type NewAuditEntry = Insertable<AuditLogTable>;
