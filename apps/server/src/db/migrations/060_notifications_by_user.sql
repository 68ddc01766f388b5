-- The Job Ready notifications one user sent in the last hour are counted at every send (at most 20
-- an hour per user): by sender and time.
CREATE INDEX notifications_created_by_idx ON notifications (created_by, created_at);
