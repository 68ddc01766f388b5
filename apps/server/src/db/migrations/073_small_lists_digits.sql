-- The digits of the numbers the small lists' quick find reads (a container's id and its job's, a
-- job's, a company's, a registration's company's: `records/layout.ts` `DIGITS_COLUMNS`), each in a
-- trigram index of its own. A quick-find word the word index cannot look up (`*6330`, a word nobody
-- wrote) is then looked up field by field through indexes alone — the contains index (072) for the
-- text, these for the digits, the NDC's btrees, the related records' keys — where one field outside
-- every index had each of 100,000 containers tested, joined to its company (records/find-request.ts
-- `quickWordByField`). Apart from the contains text: a dense word's every match computes that again.

CREATE INDEX containers_id_digits_trgm_idx ON containers USING gin (lower((id)::text) gin_trgm_ops);
CREATE INDEX containers_job_id_digits_trgm_idx ON containers USING gin (lower((job_id)::text) gin_trgm_ops);
CREATE INDEX jobs_id_digits_trgm_idx ON jobs USING gin (lower((id)::text) gin_trgm_ops);
CREATE INDEX registrations_company_id_digits_trgm_idx ON registrations USING gin (lower((company_id)::text) gin_trgm_ops);
CREATE INDEX companies_id_digits_trgm_idx ON companies USING gin (lower((id)::text) gin_trgm_ops);
