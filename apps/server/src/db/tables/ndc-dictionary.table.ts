import type { Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { TimestampWithDefault } from './record-columns.ts';

/**
 * The NDC dictionary. A bulk NDC (package code `**`) has exactly one bulk flag. Entries with a
 * labeler_organization are visible only to users of that parentOrganization.
 */
export interface NdcDictionaryTable {
  id: Generated<number>;
  /** LLLLL-PPPP-KK, or LLLLL-PPPP-** for bulk. */
  ndc: string;
  /** 1, 1N, 2, 2N, 3, 3N, 4, 4N, 5, 5N, LC or NC. */
  schedule: string;
  trade_name: string;
  strength: string | null;
  package_size: number | null;
  package_size_uom: string | null;
  /** Pack-size UoM choices, carriage-return separated. */
  uom_value_list: string | null;
  package_size_converted: number | null;
  removed_from_arcos: Generated<boolean>;
  drug_code: string | null;
  /** Grams of base per package (trade pack) or per unit (bulk dosage form: tablet; bulk solution: mL). */
  ingredient_base_weight: number | null;
  form: string | null;
  ingredient_name: string | null;
  package_description: string | null;
  bulk_raw_liquid: Generated<boolean>;
  bulk_raw_powder: Generated<boolean>;
  bulk_dosage_formulation: Generated<boolean>;
  bulk_solution: Generated<boolean>;
  trade_package: Generated<boolean>;
  /** g/mL. */
  density: number | null;
  avg_tablet_weight: number | null;
  avg_tablet_weight_unit: string | null;
  labeler_organization: string | null;
  created_at: TimestampWithDefault;
  created_by: string | null;
  modified_at: TimestampWithDefault;
  modified_by: string | null;
  mod_id: GeneratedAlways<number>;
}
export type NdcDictionaryEntry = Selectable<NdcDictionaryTable>;
export type NewNdcDictionaryEntry = Insertable<NdcDictionaryTable>;
export type NdcDictionaryEntryUpdate = Updateable<NdcDictionaryTable>;
