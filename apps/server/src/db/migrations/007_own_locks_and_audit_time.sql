-- Audit rows are stamped when the change is made, not when its transaction began: a write that waited
-- for a lock must not appear in the history before the change it waited for.
ALTER TABLE audit_log ALTER COLUMN at SET DEFAULT clock_timestamp();

-- A line item's own lock (LOCK_LINE_ITEM), kept apart from the lock its container's cascade gives
-- it: `locked` is what the item shows (its own lock or its container's cascade), `locked_own` says
-- the item was locked on its own. Unlocking the container unlocks only what the cascade locked.
ALTER TABLE line_items ADD COLUMN locked_own boolean NOT NULL DEFAULT false;

-- Items locked today: locked on their own when their container is not locked, or when their own
-- last lock action (in the audit trail) was a lock. Filling the column changes no record, so the
-- trigger that raises mod_id is held off meanwhile.
ALTER TABLE line_items DISABLE TRIGGER line_items_touch;
UPDATE line_items li SET locked_own = true
WHERE li.locked
  AND (NOT EXISTS (SELECT 1 FROM containers ct WHERE ct.id = li.container_id AND ct.locked)
       OR (SELECT a.action FROM audit_log a
           WHERE a.entity = 'line-item' AND a.record_id = li.id::text AND a.action IN ('lock', 'unlock')
           ORDER BY a.at DESC, a.id DESC LIMIT 1) = 'lock');
ALTER TABLE line_items ENABLE TRIGGER line_items_touch;

ALTER TABLE line_items ADD CONSTRAINT line_items_own_lock_is_a_lock CHECK (locked OR NOT locked_own);
