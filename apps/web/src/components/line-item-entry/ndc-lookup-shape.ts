import { ndcLookupPartsSchema, type BulkKind, type NdcLookupParts } from '@3ds/domain';

/**
 * The NDC lookup answer (spec 2 §3): what the line item form needs to know about an NDC — which
 * converters to offer and with which choices, the dictionary's pack size and UoM, the schedule the
 * rules read, and (ours) the bulk kind that decides % Purity and the read-only fill.
 */
export interface NdcLookup {
  hasFactor: boolean;
  packQtyUoms: string[];
  showStageUnitConverter: boolean;
  showUnitConverter: boolean;
  stages: string[];
  uoms: string[];
  /** The dictionary's package size ('' when it has none, as for bulk NDCs). */
  packSizeLookup: number | string;
  packSizeUoMLookup: string;
  schedule: string;
  bulkKind: BulkKind | undefined;
  /** What the NDC stands for (ours): the form shows it, so that the package in hand can be checked. */
  product: NdcProduct;
}

/** The dictionary's description of the product: '' for what it does not say. */
export interface NdcProduct {
  tradeName: string;
  strength: string;
  form: string;
  packageDescription: string;
}

/**
 * Reads the lookup answer leniently, each part by the contract's schema (`ndcLookupPartsSchema`): a
 * part missing or of another shape means "not offered", never a crash (the form still opens for the NDC).
 */
export function parseNdcLookup(body: unknown): NdcLookup {
  const read = ndcLookupPartsSchema.safeParse(body);
  return ndcLookupFrom(read.success ? read.data : {});
}

/** The lookup the form acts on, from the parts the answer held. */
export function ndcLookupFrom(parts: NdcLookupParts): NdcLookup {
  const choices = (key: 'packQtyUoms' | 'stages' | 'uoms') => (parts[key] ?? []).filter((choice) => choice !== '');
  return {
    hasFactor: parts.hasFactor ?? false,
    packQtyUoms: choices('packQtyUoms'),
    showStageUnitConverter: parts.showStageUnitConverter ?? false,
    showUnitConverter: parts.showUnitConverter ?? false,
    stages: choices('stages'),
    uoms: choices('uoms'),
    packSizeLookup: parts.packSizeLookup ?? '',
    packSizeUoMLookup: parts.packSizeUoMLookup ?? '',
    schedule: parts.schedule ?? '',
    bulkKind: parts.bulkKind || undefined,
    product: { tradeName: parts.tradeName ?? '', strength: parts.strength ?? '', form: parts.form ?? '', packageDescription: parts.packageDescription ?? '' },
  };
}

/**
 * The product in words for the form's heading: its trade name, then strength, form and package
 * (`5 MG · TABLET · 100 TABLET in 1 BOTTLE`), leaving out what the dictionary does not say. The
 * package falls back to the dictionary's size and unit (`100 U`) when it has no description.
 */
export function productLines(lookup: Pick<NdcLookup, 'product' | 'packSizeLookup' | 'packSizeUoMLookup'>): { name: string; details: string[] } {
  const { tradeName, strength, form, packageDescription } = lookup.product;
  const size = String(lookup.packSizeLookup ?? '').trim();
  const packSize = size ? `${size}${lookup.packSizeUoMLookup ? ` ${lookup.packSizeUoMLookup}` : ''}` : '';
  const packaged = packageDescription.trim() || packSize;
  return {
    name: tradeName.trim(),
    details: [strength.trim(), form.trim(), packaged].filter((part) => part !== ''),
  };
}
