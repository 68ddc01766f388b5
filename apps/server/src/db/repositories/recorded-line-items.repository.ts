import { bulkKindOf, holdingRegistrationOf, isBulkNdc, type RecordedLineItem } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

const text = (v: string | null | undefined) => (v ?? '').trim();

/** Whose line items: a job's (standard and Yellow Bucket), a container's, or the given ones. */
export type RecordedScope = { jobId: number } | { containerId: number } | { ids: readonly number[] };

/**
 * Line items as DEA Form 41 and ARCOS read them — the item's own fields and what its NDC's dictionary
 * entry says (drug code, base weight, density, bulk kind, removed from ARCOS) — in the order the Form
 * 41 lists them: standard items first, then the Yellow Bucket's, each in the order they were entered.
 * The documents and the lock checks read them here, so both judge the same facts.
 */
export async function recordedLineItems(db: Kysely<Database>, scope: RecordedScope): Promise<RecordedLineItem[]> {
  if ('ids' in scope && !scope.ids.length) return [];
  let query = db
    .selectFrom('line_items as li')
    .innerJoin('containers as c', 'c.id', 'li.container_id')
    .innerJoin('jobs as j', 'j.id', 'li.job_id')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .leftJoin('ndc_dictionary as d', 'd.ndc', 'li.ndc')
    .select([
      'r.registration_number',
      'r.license_type',
      'r.schedule_1',
      'r.schedule_1n',
      'r.schedule_2',
      'r.schedule_2n',
      'r.schedule_3',
      'r.schedule_3n',
      'r.schedule_4',
      'r.schedule_4n',
      'r.schedule_5',
      'r.schedule_5n',
      'r.schedule_lc',
      'r.schedule_nc',
      'li.id',
      'li.kind',
      'li.container_id',
      'c.name as container_name',
      'li.ndc',
      'li.ndc_schedule',
      'li.ndc_description',
      'li.strength',
      'li.form',
      'li.lot_number',
      'li.pack_quantity',
      'li.pack_size',
      'li.pack_size_uom',
      'li.percent_fill',
      'li.package_size_density',
      'li.form_222_number',
      'd.drug_code',
      'd.trade_name',
      'd.strength as d_strength',
      'd.form as d_form',
      'd.ingredient_base_weight',
      'd.density',
      'd.removed_from_arcos',
      'd.bulk_raw_powder',
      'd.bulk_raw_liquid',
      'd.bulk_dosage_formulation',
      'd.bulk_solution',
    ]);
  if ('jobId' in scope) query = query.where('li.job_id', '=', scope.jobId);
  else if ('containerId' in scope) query = query.where('li.container_id', '=', scope.containerId);
  else query = query.where('li.id', 'in', [...scope.ids]);
  const rows = await query.orderBy(sql`li.kind = 'yellow_bucket'`).orderBy('li.id').execute();
  return rows.map((r) => ({
    id: r.id,
    yellowBucket: r.kind === 'yellow_bucket',
    containerId: r.container_id,
    containerName: r.container_name,
    form222Number: r.form_222_number,
    removedFromArcos: r.removed_from_arcos === true,
    ndc: r.ndc,
    schedule: r.ndc_schedule,
    drugCode: r.drug_code,
    name: text(r.ndc_description) || text(r.trade_name),
    // The line item's snapshot of its dictionary entry; the entry itself where the snapshot is blank.
    strength: text(r.strength) || r.d_strength,
    form: text(r.form) || r.d_form,
    lot: r.lot_number,
    bulkKind: isBulkNdc(r.ndc) ? bulkKindOf(r) : undefined,
    ingredientBaseWeight: r.ingredient_base_weight === null ? null : Number(r.ingredient_base_weight),
    density: r.density !== null ? Number(r.density) : r.package_size_density !== null ? Number(r.package_size_density) : null,
    packQuantity: r.pack_quantity === null ? null : Number(r.pack_quantity),
    packSize: r.pack_size === null ? null : Number(r.pack_size),
    packSizeUoM: r.pack_size_uom,
    percentFill: r.percent_fill === null ? null : Number(r.percent_fill),
    // What the job's registration may hold (registrants.ts): an item written before the rule is caught here.
    registration: holdingRegistrationOf(r),
  }));
}
