/** Table types of the record entities (companies … line items, dictionary, value lists, files). */
export interface RecordTables {}
