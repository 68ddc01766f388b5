import { addDays, momentAt } from './calendar.ts';
import type { SeedNdcEntry } from './ndc-dictionary.ts';

/**
 * Bulk NDCs (package code `**`) for the demo. The public NDC list has none, yet every bulk rule of
 * spec 2 needs them: raw powders and raw liquids (reported by weight or volume with a purity), bulk
 * dosage formulations (per tablet, with an average tablet weight) and bulk solutions (per mL).
 * They belong to labeler organisations: most to the demo users' own organisation, some to another,
 * a few to nobody (visible to all). All invented; base weights take the salt-to-base factor as 1.
 */
type BulkKind = 'raw_powder' | 'raw_liquid' | 'dosage' | 'solution';
type Owner = 'own' | 'other' | 'none';

interface BulkNdcDef {
  product: string;
  owner: Owner;
  kind: BulkKind;
  tradeName: string;
  ingredient: string;
  schedule: string;
  drugCode: string | null;
  /** Dosage forms and solutions: '10 MG', '20 MG/ML'. */
  strength?: string;
  /** Grams of base per tablet (dosage) or per mL (solution). */
  basePerUnit?: number;
  /** g/mL, raw liquids and solutions. */
  density?: number;
  /** mg, dosage forms. */
  avgTabletWeight?: number;
  removedFromArcos?: boolean;
}

const BULK_NDCS: readonly BulkNdcDef[] = [
  { product: '0101', owner: 'own', kind: 'raw_powder', tradeName: 'OXYCODONE HCL USP RAW POWDER', ingredient: 'Oxycodone Hydrochloride', schedule: '2', drugCode: '9143' },
  { product: '0102', owner: 'own', kind: 'raw_powder', tradeName: 'HYDROCODONE BITARTRATE USP RAW POWDER', ingredient: 'Hydrocodone Bitartrate', schedule: '2', drugCode: '9193' },
  { product: '0103', owner: 'own', kind: 'raw_powder', tradeName: 'MORPHINE SULFATE USP RAW POWDER', ingredient: 'Morphine Sulfate', schedule: '2', drugCode: '9300' },
  { product: '0104', owner: 'own', kind: 'raw_powder', tradeName: 'METHYLPHENIDATE HCL RAW POWDER', ingredient: 'Methylphenidate Hydrochloride', schedule: '2N', drugCode: '1724' },
  { product: '0105', owner: 'own', kind: 'raw_powder', tradeName: 'ALPRAZOLAM USP RAW POWDER', ingredient: 'Alprazolam', schedule: '4', drugCode: '2882' },
  { product: '0106', owner: 'own', kind: 'raw_powder', tradeName: 'FENTANYL CITRATE USP RAW POWDER', ingredient: 'Fentanyl Citrate', schedule: '2', drugCode: '9801' },
  { product: '0107', owner: 'own', kind: 'raw_powder', tradeName: 'TESTOSTERONE CYPIONATE RAW POWDER', ingredient: 'Testosterone Cypionate', schedule: '3N', drugCode: '4000' },
  { product: '0201', owner: 'own', kind: 'raw_liquid', tradeName: 'PHENYLACETONE RAW LIQUID', ingredient: 'Phenylacetone', schedule: '2N', drugCode: '8501', density: 1.006 },
  { product: '0202', owner: 'own', kind: 'raw_liquid', tradeName: 'GAMMA HYDROXYBUTYRIC ACID 50% RAW LIQUID', ingredient: 'Gamma Hydroxybutyric Acid', schedule: '1N', drugCode: '2010', density: 1.18 },
  { product: '0203', owner: 'own', kind: 'raw_liquid', tradeName: 'SAFROLE RAW LIQUID', ingredient: 'Safrole', schedule: 'LC', drugCode: '8323', density: 1.096 },
  { product: '0204', owner: 'own', kind: 'raw_liquid', tradeName: 'DRONABINOL IN SESAME OIL RAW LIQUID', ingredient: 'Dronabinol', schedule: '3N', drugCode: '7369', density: 0.92 },
  { product: '0301', owner: 'own', kind: 'dosage', tradeName: 'OXYCODONE HCL 10 MG TABLETS BULK', ingredient: 'Oxycodone Hydrochloride', schedule: '2', drugCode: '9143', strength: '10 MG', basePerUnit: 0.01, avgTabletWeight: 150 },
  { product: '0302', owner: 'own', kind: 'dosage', tradeName: 'HYDROMORPHONE HCL 4 MG TABLETS BULK', ingredient: 'Hydromorphone Hydrochloride', schedule: '2', drugCode: '9150', strength: '4 MG', basePerUnit: 0.004, avgTabletWeight: 120 },
  { product: '0303', owner: 'own', kind: 'dosage', tradeName: 'ALPRAZOLAM 1 MG TABLETS BULK', ingredient: 'Alprazolam', schedule: '4', drugCode: '2882', strength: '1 MG', basePerUnit: 0.001, avgTabletWeight: 200 },
  { product: '0304', owner: 'own', kind: 'dosage', tradeName: 'AMPHETAMINE MIXED SALTS 20 MG TABLETS BULK', ingredient: 'Amphetamine Aspartate/amphetamine Sulfate/dextroamphetamine', schedule: '2N', drugCode: '1100', strength: '20 MG', basePerUnit: 0.02, avgTabletWeight: 250 },
  { product: '0305', owner: 'own', kind: 'dosage', tradeName: 'TRAMADOL HCL 50 MG TABLETS BULK', ingredient: 'Tramadol Hydrochloride', schedule: '4', drugCode: '9752', strength: '50 MG', basePerUnit: 0.05, avgTabletWeight: 300 },
  { product: '0306', owner: 'own', kind: 'dosage', tradeName: 'ACETAMINOPHEN/CODEINE 300/30 MG TABLETS BULK', ingredient: 'Acetaminophen/codeine Phosphate', schedule: '3', drugCode: '9804', strength: '30 MG', basePerUnit: 0.03, avgTabletWeight: 450 },
  { product: '0401', owner: 'own', kind: 'solution', tradeName: 'MORPHINE SULFATE 20 MG/ML ORAL SOLUTION BULK', ingredient: 'Morphine Sulfate', schedule: '2', drugCode: '9300', strength: '20 MG/ML', basePerUnit: 0.02, density: 1.05 },
  { product: '0402', owner: 'own', kind: 'solution', tradeName: 'METHADONE HCL 10 MG/ML ORAL CONCENTRATE BULK', ingredient: 'Methadone Hydrochloride', schedule: '2', drugCode: '9250', strength: '10 MG/ML', basePerUnit: 0.01, density: 1.02 },
  { product: '0403', owner: 'own', kind: 'solution', tradeName: 'PROMETHAZINE/CODEINE 6.25/2 MG/ML SYRUP BULK', ingredient: 'Codeine Phosphate/promethazine', schedule: '5', drugCode: null, strength: '2 MG/ML', basePerUnit: 0.002, density: 1.2 },
  { product: '0404', owner: 'own', kind: 'solution', tradeName: 'KETAMINE HCL 100 MG/ML SOLUTION BULK', ingredient: 'Ketamine Hydrochloride', schedule: '3N', drugCode: '7285', strength: '100 MG/ML', basePerUnit: 0.1, density: 1.01 },
  { product: '0501', owner: 'other', kind: 'raw_powder', tradeName: 'OXYMORPHONE HCL USP RAW POWDER', ingredient: 'Oxymorphone Hydrochloride', schedule: '2', drugCode: '9652' },
  { product: '0502', owner: 'other', kind: 'dosage', tradeName: 'LORAZEPAM 2 MG TABLETS BULK', ingredient: 'Lorazepam', schedule: '4', drugCode: '2885', strength: '2 MG', basePerUnit: 0.002, avgTabletWeight: 180 },
  { product: '0503', owner: 'other', kind: 'solution', tradeName: 'DIAZEPAM 5 MG/ML SOLUTION BULK', ingredient: 'Diazepam', schedule: '4', drugCode: '2765', strength: '5 MG/ML', basePerUnit: 0.005, density: 1.03 },
  { product: '0601', owner: 'none', kind: 'raw_powder', tradeName: 'PSEUDOEPHEDRINE HCL RAW POWDER', ingredient: 'Pseudoephedrine Hydrochloride', schedule: 'LC', drugCode: '8112' },
  { product: '0602', owner: 'none', kind: 'raw_powder', tradeName: 'ACETAMINOPHEN USP RAW POWDER', ingredient: 'Acetaminophen', schedule: 'NC', drugCode: null },
  { product: '0603', owner: 'none', kind: 'raw_powder', tradeName: 'LEVOMETHADYL ACETATE RAW POWDER', ingredient: 'Levomethadyl Acetate Hydrochloride', schedule: '2', drugCode: '9648', removedFromArcos: true },
];

const KIND_FIELDS: Readonly<Record<BulkKind, { form: string; uom: string; uoms: string; description: string }>> = {
  raw_powder: { form: 'Powder', uom: 'g', uoms: 'g\rmg\rmcg\rkg', description: 'Raw powder, bulk (by weight)' },
  raw_liquid: { form: 'Liquid', uom: 'mL', uoms: 'mL\rL\rg\rkg', description: 'Raw liquid, bulk (by volume)' },
  dosage: { form: 'Tablet', uom: 'U', uoms: 'U\rK', description: 'Tablets, bulk (per tablet)' },
  solution: { form: 'Solution', uom: 'mL', uoms: 'mL\rL', description: 'Solution, bulk (per mL)' },
};

export interface BulkNdcOwners {
  /** The demo users' parentOrganization and the labeler code of its company. */
  own: { organization: string; labelerCode: string };
  other: { organization: string; labelerCode: string };
  none: { labelerCode: string };
}

export function bulkNdcEntries(owners: BulkNdcOwners, today: string): SeedNdcEntry[] {
  return BULK_NDCS.map((def, k) => {
    const owner = owners[def.owner];
    const fields = KIND_FIELDS[def.kind];
    const created = momentAt(addDays(today, -400 + k * 9), 14 * 60 + k * 7);
    return {
      ndc: `${owner.labelerCode}-${def.product}-**`,
      schedule: def.schedule,
      trade_name: def.tradeName,
      strength: def.strength ?? null,
      // A bulk entry has no fixed package: the amount is entered on each line item.
      package_size: null,
      package_size_uom: fields.uom,
      uom_value_list: fields.uoms,
      package_size_converted: null,
      removed_from_arcos: def.removedFromArcos ?? false,
      drug_code: def.drugCode,
      // Raw substances: the base comes from the amount and its purity, not from a per-unit weight.
      ingredient_base_weight: def.basePerUnit ?? null,
      form: fields.form,
      ingredient_name: def.ingredient,
      package_description: fields.description,
      bulk_raw_powder: def.kind === 'raw_powder',
      bulk_raw_liquid: def.kind === 'raw_liquid',
      bulk_dosage_formulation: def.kind === 'dosage',
      bulk_solution: def.kind === 'solution',
      trade_package: false,
      density: def.density ?? null,
      avg_tablet_weight: def.avgTabletWeight ?? null,
      avg_tablet_weight_unit: def.avgTabletWeight ? 'mg' : null,
      labeler_organization: 'organization' in owner ? owner.organization : null,
      created_at: created,
      created_by: 'admin',
      modified_at: created,
      modified_by: 'admin',
    };
  });
}
