import type { BulkKind } from '../catalogue/ndc-kinds.ts';

/** A line item as the Form 41 reads it: the item's own fields and its NDC's dictionary facts. */
export interface Form41LineItem {
  ndc: string;
  /** The line item's schedule (1, 2N, …). */
  schedule: string | null;
  /** The DEA controlled substance code of the NDC's dictionary entry. */
  drugCode: string | null;
  name: string | null;
  strength: string | null;
  form: string | null;
  lot: string | null;
  bulkKind?: BulkKind | undefined;
  ingredientBaseWeight?: number | null | undefined;
  density?: number | null | undefined;
  packQuantity: number | null;
  packSize: number | null;
  packSizeUoM: string | null;
  /** Fraction: 1 = 100 %. Fill for packages, purity for raw bulk. */
  percentFill: number | null;
}
