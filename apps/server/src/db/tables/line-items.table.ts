import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RecordAuditColumns, RecordKind } from './record-columns.ts';

/**
 * Standard and Yellow Bucket line items. (container_id, job_id, kind) must be those of an existing
 * container: write the container's job_id and kind (a composite foreign key refuses anything else).
 * The ndc_* fields, strength, form, density, tablet weight and labeler organisation are a snapshot
 * of the dictionary entry.
 */
export interface LineItemsTable extends RecordAuditColumns {
  id: Generated<number>;
  kind: RecordKind;
  container_id: number;
  job_id: number;
  ndc: string;
  ndc_description: string | null;
  ndc_schedule: string | null;
  strength: string | null;
  form: string | null;
  source: string | null;
  source_number: string | null;
  lot_number: string | null;
  cause: string | null;
  pack_quantity: number | null;
  pack_quantity_uom: string | null;
  pack_size: number | null;
  pack_size_uom: string | null;
  /** Why the pack size is not the NDC's package (rules/pack-size.ts), one line; null when none was given. */
  pack_size_reason: string | null;
  zi_package_size: number | null;
  /** A fraction, 1 = 100% (the purity for raw bulk NDCs). */
  percent_fill: Generated<number>;
  reporting_qty: number | null;
  reporting_uom: string | null;
  bulk_pack_size: number | null;
  bulk_pack_size_uom: string | null;
  bulk_stage: string | null;
  converted_to_base: number | null;
  grams_of_base: number | null;
  form_222_number: string | null;
  /** The register's form and its numbered line the item arrived on (085); null for an item entered before the register or without a form. */
  order_form_id: number | null;
  order_form_line: number | null;
  cwf_form_number: string | null;
  /** What the item shows: locked on its own or by its container's cascade. */
  locked: Generated<boolean>;
  /** Locked on its own (LOCK_LINE_ITEM); only UNLOCK_LINE_ITEM clears it, a container unlock does not. */
  locked_own: Generated<boolean>;
  package_size_density: number | null;
  avg_tablet_weight: number | null;
  avg_tablet_weight_unit: string | null;
  labeler_organization: string | null;
  /** The package's expiration date (ISO), as its label or barcode gives it. */
  expiration_date: string | null;
  /** The package's serial number (GS1 AI 21), at most 20 characters. */
  serial_number: string | null;
  /** The line item form's "Type". */
  line_type: string | null;
}
export type LineItem = Selectable<LineItemsTable>;
export type NewLineItem = Insertable<LineItemsTable>;
export type LineItemUpdate = Updateable<LineItemsTable>;
