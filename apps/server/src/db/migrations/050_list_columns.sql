-- The columns a user hides on a list screen (the list's column chooser), one row per user and list,
-- kept beside the user's saved finds. A list's identifying columns are never hidden (the service
-- refuses them); columns are named by their API field names. No row: every column is shown.
CREATE TABLE list_columns (
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  entity      text NOT NULL CHECK (entity IN ('companies', 'registrations', 'jobs', 'containers', 'yb-containers', 'line-items', 'yb-line-items', 'dictionaries')),
  hidden      jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(hidden) = 'array' AND jsonb_array_length(hidden) <= 100),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, entity)
);
