import type { BulkKind } from '@3ds/domain';

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

const BULK_KINDS: readonly string[] = ['raw-powder', 'raw-liquid', 'dosage-formulation', 'solution'] satisfies BulkKind[];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Reads the lookup answer leniently: a missing part means "not offered", never a crash. */
export function parseNdcLookup(body: unknown): NdcLookup {
  const b = isObject(body) ? body : {};
  const size = b.packSizeLookup;
  const bulk = text(b.bulkKind);
  return {
    hasFactor: b.hasFactor === true,
    packQtyUoms: strings(b.packQtyUoms),
    showStageUnitConverter: b.showStageUnitConverter === true,
    showUnitConverter: b.showUnitConverter === true,
    stages: strings(b.stages),
    uoms: strings(b.uoms),
    packSizeLookup: typeof size === 'number' || typeof size === 'string' ? size : '',
    packSizeUoMLookup: text(b.packSizeUoMLookup),
    schedule: text(b.schedule),
    bulkKind: BULK_KINDS.includes(bulk) ? (bulk as BulkKind) : undefined,
    product: { tradeName: text(b.tradeName), strength: text(b.strength), form: text(b.form), packageDescription: text(b.packageDescription) },
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
