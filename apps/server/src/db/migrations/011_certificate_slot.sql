-- The Certificate of Destruction 3DS generates for a locked job is kept with the job, in a document
-- slot of its own beside spec 1's five (the generated DEA Form 41 goes to '41 Insert').
ALTER TABLE job_files DROP CONSTRAINT job_files_slot_check;
ALTER TABLE job_files ADD CONSTRAINT job_files_slot_check CHECK (
  slot ~ '^(R[1-9]|P([1-9]|1[0-2])|T([1-9]|1[0-2])|D([1-9]|1[0-9]|2[0-1])|DP[1-7])$'
  OR slot IN ('CWF Files', '41 Insert', 'Shipping Files', 'Supporting Files', 'Digital 222 Files', 'Certificate of Destruction')
);
