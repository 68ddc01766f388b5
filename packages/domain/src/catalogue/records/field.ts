/** How a field is stored, found, sorted and shown. */
export type FieldType = 'text' | 'number' | 'date' | 'timestamp' | 'yesno';

export interface FieldSpec {
  /** The API name (FileMaker style), e.g. `Company Name` or `Registration::Expiration Date`. */
  name: string;
  /** The column heading on screens and in exports. */
  label: string;
  type: FieldType;
  /** Shown on the record's detail only (pictures, documents, totals): list pages leave it out. */
  detailOnly?: boolean;
}
