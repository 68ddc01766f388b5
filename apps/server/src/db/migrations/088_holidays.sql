-- The holiday calendar (packages/domain rules/business-days.ts; Settings): the days that are not
-- business days besides Saturdays and Sundays, for the deadlines counted in business days (the notice
-- of a theft or loss to DEA within one business day of its discovery, 21 CFR 1301.74(c)). One holiday
-- a day; a year's calendar is replaced whole, and the audit log (entity `settings`, action
-- `holidays`) keeps each year's list before and after.
CREATE TABLE holidays (
  day        date PRIMARY KEY,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
