/** What a bulk (`**`) NDC holds: a raw substance (powder or liquid) or a formulation (dosage units or a solution). */
export const BULK_KINDS = ['raw-powder', 'raw-liquid', 'dosage-formulation', 'solution'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** What a scanned or typed code was read as: an NDC as written, ten bare digits, a UPC-A, a GTIN-14 or a GS1 element string. */
export const CODE_SOURCES = ['ndc', 'ndc-10-digits', 'upc-a', 'gtin-14', 'gs1'] as const;
export type CodeSource = (typeof CODE_SOURCES)[number];
