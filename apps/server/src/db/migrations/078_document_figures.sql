-- What a generated Form 41 or Certificate of Destruction printed from the records, as a SHA-256 of
-- its figures (jobs.documents.service.ts `figuresOf`: the rows and totals, the destruction record,
-- the received date and late reason, the parties). The job's documents list compares it with what
-- the records give now, and says "Out of date" when they differ (docs/dea-paperwork.md "Documents
-- that know they are out of date"). Written with the row, kept with it (076's triggers refuse any
-- change but the superseding). Documents made before this column have none: nothing can be said of
-- them.
ALTER TABLE generated_documents ADD COLUMN figures_sha256 text CHECK (figures_sha256 ~ '^[0-9a-f]{64}$');
