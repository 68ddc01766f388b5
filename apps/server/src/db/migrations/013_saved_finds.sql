-- Saved finds (issue 20, point 3): a user's named quick find, find requests and sort of one list
-- screen, recalled from the list's "Saved finds" menu. Each user's own. Deletes never cascade (users
-- are disabled, not deleted; sessions refer to them the same way).
-- Names are unique per user and list whatever their case ("Open jobs" and "open jobs" are one).
CREATE TABLE saved_finds (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  entity      text NOT NULL CHECK (entity IN ('companies', 'registrations', 'jobs', 'containers', 'yb-containers', 'line-items', 'yb-line-items', 'dictionaries')),
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  quick_find  text NOT NULL DEFAULT '' CHECK (char_length(quick_find) <= 1000),
  requests    jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(requests) = 'array'),
  sort        jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(sort) = 'array'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_finds_user_entity_name_key ON saved_finds (user_id, entity, lower(name));
