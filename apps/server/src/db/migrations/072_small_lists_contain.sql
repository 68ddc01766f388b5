-- "Contains" on the small lists (containers, jobs, registrations, companies, the NDC dictionary):
-- one trigram index a table over its text columns, lower-cased and joined (`records/layout.ts`
-- `CONTAINS_COLUMNS`, the same columns in the same order, and `containsTextOf`;
-- `test/records/finds-through-indexes.test.ts` has the planner read each index from a find).
-- A text criterion on one of those columns is looked up here first by the longest literal run of each
-- of its words (three characters or more), and only those rows are tested (records/find-request.ts
-- `containsFirst`) when the list's count is asked; a page still walks the id order. A find of a word
-- nobody wrote reads a few index pages, where it read every row (20–100 ms at 100,000 containers).

CREATE INDEX containers_contains_trgm_idx ON containers USING gin ((lower(coalesce(name, '') || chr(31) || coalesce(pallet, '') || chr(31) || coalesce(container_type, '') || chr(31) || coalesce(gross_uom, '') || chr(31) || coalesce(created_by, '') || chr(31) || coalesce(modified_by, ''))) gin_trgm_ops);

CREATE INDEX jobs_contains_trgm_idx ON jobs USING gin ((lower(coalesce(name, '') || chr(31) || coalesce(activity, '') || chr(31) || coalesce(late_destruction_reason, '') || chr(31) || coalesce(facility_transported_to, '') || chr(31) || coalesce(transporter, '') || chr(31) || coalesce(transport_method, '') || chr(31) || coalesce(disposal_method, '') || chr(31) || coalesce(destruction_facility, '') || chr(31) || coalesce(destruction_facility_address, '') || chr(31) || coalesce(transfer_witness_1, '') || chr(31) || coalesce(transfer_witness_2, '') || chr(31) || coalesce(destruction_witness_1, '') || chr(31) || coalesce(destruction_witness_2, '') || chr(31) || coalesce(cwf_number, '') || chr(31) || coalesce(created_by, '') || chr(31) || coalesce(modified_by, ''))) gin_trgm_ops);

CREATE INDEX registrations_contains_trgm_idx ON registrations USING gin ((lower(coalesce(registration_number, '') || chr(31) || coalesce(activity, '') || chr(31) || coalesce(status_mask, '') || chr(31) || coalesce(license_type, '') || chr(31) || coalesce(license_number, '') || chr(31) || coalesce(federal_agency, '') || chr(31) || coalesce(state_agency, '') || chr(31) || coalesce(address1, '') || chr(31) || coalesce(address2, '') || chr(31) || coalesce(address3, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(state, '') || chr(31) || coalesce(zip, ''))) gin_trgm_ops);

CREATE INDEX companies_contains_trgm_idx ON companies USING gin ((lower(coalesce(name, '') || chr(31) || coalesce(address1, '') || chr(31) || coalesce(address2, '') || chr(31) || coalesce(city, '') || chr(31) || coalesce(state, '') || chr(31) || coalesce(zip, '') || chr(31) || coalesce(main_phone, '') || chr(31) || coalesce(fax, '') || chr(31) || coalesce(report_type, '') || chr(31) || coalesce(created_by, '') || chr(31) || coalesce(modified_by, ''))) gin_trgm_ops);

CREATE INDEX ndc_dictionary_contains_trgm_idx ON ndc_dictionary USING gin ((lower(coalesce(schedule, '') || chr(31) || coalesce(trade_name, '') || chr(31) || coalesce(strength, '') || chr(31) || coalesce(package_size_uom, '') || chr(31) || coalesce(uom_value_list, '') || chr(31) || coalesce(drug_code, '') || chr(31) || coalesce(form, '') || chr(31) || coalesce(ingredient_name, '') || chr(31) || coalesce(package_description, '') || chr(31) || coalesce(labeler_organization, ''))) gin_trgm_ops);

ANALYZE containers;
ANALYZE jobs;
ANALYZE registrations;
ANALYZE companies;
ANALYZE ndc_dictionary;
