-- The year-end inventory an ARCOS report carried is kept and corrected like its receipts and
-- destructions (docs/dea-paperwork.md "The ARCOS report", corrections). A December or fourth-quarter
-- report's code 3 records (one per reportable line item on hand at the close of December 31) are kept
-- in arcos_report_transactions, so that a later report can tell what DEA holds for that year-end and
-- delete (D) and insert (I) what changed since. The code 8 record ("no year-end inventory") names no
-- line item and is not kept here.
--
-- `transaction_date` is the record's transaction date: for a code 3 row its December 31, which is part
-- of what the row is (an item may be on hand at two year-ends); for P and Y it is written from now on,
-- and rows written before have none (nothing relies on it for them). Existing rows are not touched:
-- 076's triggers keep them as written.
ALTER TABLE arcos_report_transactions ADD COLUMN transaction_date date;
ALTER TABLE arcos_report_transactions DROP CONSTRAINT arcos_report_transactions_code_check;
ALTER TABLE arcos_report_transactions ADD CONSTRAINT arcos_report_transactions_code_check CHECK (code IN ('P', 'Y', '3'));
ALTER TABLE arcos_report_transactions ADD CONSTRAINT arcos_report_transactions_year_end_dated
  CHECK (code <> '3' OR (transaction_date IS NOT NULL AND extract(month FROM transaction_date) = 12 AND extract(day FROM transaction_date) = 31));
