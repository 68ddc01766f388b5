import type { NewValueListEntry } from '../db/tables/value-lists.table.ts';
import { DISPOSAL_METHODS } from './seed-choices.ts';

/**
 * The option lists the screens ask for by name (GET /get-value-list). Source and Cause are the lists
 * of spec 2 §3 "Option lists" (the Source list there is partial; we add nothing to it, and keep one
 * spelling where the spec saw two: "Customer Return", "Undispensed/Returned").
 */
export const VALUE_LISTS: Readonly<Record<string, readonly string[]>> = {
  'Container Type': ['Box', 'Tote', 'Drum', 'Bag', 'Bucket', 'Carton'],
  'UoM Container': ['kg', 'lbs'],
  'YB UoM': ['Lb', 'kg', 'g'],
  // Pack-size units. The web drops 'New Value...' (a FileMaker "edit list" entry) from the choices.
  'Dynamic UoM': ['U', 'D', 'K', 'mL', 'L', 'g', 'mg', 'mcg', 'kg', 'New Value...'],
  Source: [
    'Lab',
    'Manufacturer',
    'Production',
    'Product Development',
    'RD Chemistry',
    'Reject',
    'Analytical',
    'Customer Return',
    'Pharmacy',
    'QC',
    'QA Retains',
    'Damage slip',
    'Samples',
    'Packaging',
    'OSD',
    'MRD',
    'Warehouse',
    'Distributor',
    'Damage',
    'Practitioner',
    'Stability',
    'Complaints',
    'Researcher',
    'QA',
    'Tech Services',
    'Exporter',
    'IDT',
    'Clinical Supply Operations',
    'Chemstore',
  ],
  Cause: [
    'Off-Spec',
    'Waste',
    'Testing Complete',
    'Expired',
    'Lab Samples',
    'Complaint',
    'Damage',
    'Reject',
    'O2C',
    'Dispensed',
    'Undispensed/Returned',
    'Terminated',
    'Refused',
    'Discontinued',
  ],
  'YB Container Type': ['DF', 'DM', 'BX', 'PA', '55 G Steel', '55 G Poly', 'Poly Tote', 'Tank', 'Tote', 'Plastic', 'Pallet', 'Gaylord'],
  'Unit Converter': ['kg', 'g', 'mg', 'mcg'],
  // How a job's items were destroyed (the destruction record; DEA Form 41 "method of destruction").
  'Disposal Method': DISPOSAL_METHODS,
};

/** The lists as rows, in display order; display value = value. */
export function valueListRows(): NewValueListEntry[] {
  return Object.entries(VALUE_LISTS).flatMap(([listName, values]) =>
    values.map((value, k) => ({ list_name: listName, value, display_value: value, sort_order: k + 1 })),
  );
}
