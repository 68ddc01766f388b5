-- What a package's GS1 DataMatrix carries besides its NDC and lot (DSCSA): the expiration date and
-- the serial number. Both optional; a serial number has at most 20 characters (GS1 AI 21).
ALTER TABLE line_items ADD COLUMN expiration_date date;
ALTER TABLE line_items ADD COLUMN serial_number text CHECK (length(serial_number) BETWEEN 1 AND 20);
