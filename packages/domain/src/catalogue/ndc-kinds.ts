/** What a bulk (`**`) NDC holds: a raw substance (powder or liquid) or a formulation (dosage units or a solution). */
export const BULK_KINDS = ['raw-powder', 'raw-liquid', 'dosage-formulation', 'solution'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

/** The dictionary's bulk flags of an NDC, as its row holds them. */
export interface BulkFlags {
  bulk_raw_powder?: boolean | null | undefined;
  bulk_raw_liquid?: boolean | null | undefined;
  bulk_dosage_formulation?: boolean | null | undefined;
  bulk_solution?: boolean | null | undefined;
}

/** The bulk kind the dictionary's flags give an NDC (the first that is set), or undefined for a trade package. */
export function bulkKindOf(flags: BulkFlags): BulkKind | undefined {
  if (flags.bulk_raw_powder) return 'raw-powder';
  if (flags.bulk_raw_liquid) return 'raw-liquid';
  if (flags.bulk_dosage_formulation) return 'dosage-formulation';
  if (flags.bulk_solution) return 'solution';
  return undefined;
}

/** What a scanned or typed code was read as: an NDC as written, ten bare digits, a UPC-A, a GTIN-14 or a GS1 element string. */
export const CODE_SOURCES = ['ndc', 'ndc-10-digits', 'upc-a', 'gtin-14', 'gs1'] as const;
export type CodeSource = (typeof CODE_SOURCES)[number];
