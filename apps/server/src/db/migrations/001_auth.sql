-- Accounts, sessions, login throttling and the audit trail.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id                  serial PRIMARY KEY,
  username            text NOT NULL UNIQUE CHECK (username = lower(username) AND length(username) BETWEEN 2 AND 64),
  display_name        text NOT NULL DEFAULT '' CHECK (length(display_name) <= 200),
  password_hash       text NOT NULL,
  parent_organization text CHECK (length(parent_organization) <= 200),
  privileges          text[] NOT NULL DEFAULT '{}',
  disabled            boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  mod_id              integer NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
  id           uuid PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  ip           text,
  user_agent   text CHECK (length(user_agent) <= 500)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE login_failures (
  id        bigserial PRIMARY KEY,
  username  text NOT NULL,
  at        timestamptz NOT NULL DEFAULT now(),
  ip        text
);
CREATE INDEX login_failures_username_at_idx ON login_failures (username, at);

-- A username with too many recent failures is refused until `locked_until`.
CREATE TABLE login_lockouts (
  username     text PRIMARY KEY,
  locked_until timestamptz NOT NULL
);

-- Who changed what and when. `before` and `after` hold whole rows (a delete keeps what it removed).
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  username    text NOT NULL,
  action      text NOT NULL,
  entity      text NOT NULL,
  record_id   text,
  before      jsonb,
  after       jsonb,
  request_id  text
);
CREATE INDEX audit_log_entity_record_idx ON audit_log (entity, record_id, at);
CREATE INDEX audit_log_at_idx ON audit_log (at);
