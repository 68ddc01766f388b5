/**
 * The scale seed's line items, in the containers (s_container): their NDCs, packs and quantities
 * (computed by the domain's computeQuantities), then the schedules their registrations hold.
 */
import { BULK_NDC_MARKER, computeQuantities, SCHEDULE_FLAGS, type BulkKind } from '@3ds/domain';
import pg from 'pg';
import { BULK_SHARE, CAUSES, SOURCES, type SourceProfile } from '../../seed/seed-choices.ts';
import type { ScaleCounts } from './counts.ts';
import { expand, scatterPrime } from './sql-helpers.ts';

/** A trade pack's line item holds at most this many packages (the draw takes 1-3, 4-12 or 13-48; 1-2 or 3-6 in a Yellow Bucket). */
const MAX_PACK_QUANTITY = 48;
/** Fills of a partial package (one package, when the fill's count of units is whole). */
const PARTIAL_FILLS = [0.5, 0.25, 0.75, 0.2, 0.4, 0.6, 0.8, 0.1] as const;
/** The units a whole number of packages counted in units (`U`) may be entered in instead: thousands and dozens. */
const COUNT_UNITS = ['K', 'D'] as const;

/**
 * How often each dictionary entry is drawn: Schedule II and IV products are the common returns
 * (about half and 40% of the line items), and some products are more popular than others
 * (a factor of 1 to 3 per NDC). With these weights "oxy" begins a word of about 10% of the descriptions.
 */
const SCHEDULE_WEIGHT_SQL = `CASE d.schedule WHEN '2' THEN 7 WHEN '4' THEN 4 ELSE 2 END`;

/** The seed's names of the bulk kinds (`s_entry.bulk_kind`), as the domain calls them. */
const BULK_KINDS: Readonly<Record<string, BulkKind>> = {
  dosage: 'dosage-formulation',
  solution: 'solution',
  raw_liquid: 'raw-liquid',
  raw_powder: 'raw-powder',
};

export async function seedLineItems(client: pg.Client, counts: ScaleCounts): Promise<void> {
  // The dictionary entries the pools draw from, with their bulk kind and their quantity facts: a
  // number shared by the entries computeQuantities cannot tell apart (whether the NDC holds the bulk
  // marker, as isBulkNdc reads it, bulk kind, base weight, density); a few hundred for 24,000 entries.
  await client.query(
    `CREATE TEMP TABLE s_entry AS
     SELECT id, bulk_kind, dense_rank() OVER (ORDER BY position($1::text IN ndc) > 0, bulk_kind, ingredient_base_weight, density)::int AS facts
     FROM (
       SELECT d.id, d.ndc, d.ingredient_base_weight, d.density,
         CASE WHEN d.bulk_dosage_formulation THEN 'dosage' WHEN d.bulk_solution THEN 'solution' WHEN d.bulk_raw_liquid THEN 'raw_liquid'
              WHEN d.bulk_raw_powder THEN 'raw_powder' END AS bulk_kind
       FROM ndc_dictionary d
       WHERE d.trade_package OR d.ndc LIKE '%-**'
     ) d`,
    [BULK_NDC_MARKER],
  );
  await client.query('ALTER TABLE s_entry ADD PRIMARY KEY (id)');
  // NDC pools: 1 = trade packs by weight, 2 = the same without Schedule I/II (registrations that hold no CII), 3 = bulk NDCs.
  await client.query(
    `CREATE TEMP TABLE s_pool AS
     SELECT pool, row_number() OVER (PARTITION BY pool ORDER BY d.id, w)::int AS n, d.ndc, d.trade_name, d.schedule, d.strength, d.form,
       d.package_size, d.package_size_uom, d.ingredient_base_weight, d.density, d.avg_tablet_weight, d.avg_tablet_weight_unit,
       d.labeler_organization, e.bulk_kind, e.facts
     FROM ndc_dictionary d
     JOIN s_entry e ON e.id = d.id
     CROSS JOIN LATERAL (VALUES (1), (2), (3)) p (pool)
     CROSS JOIN LATERAL generate_series(1, CASE WHEN p.pool = 3 THEN 1 ELSE ${SCHEDULE_WEIGHT_SQL} * pg_temp.int_in(1, 3, pg_temp.rnd(d.id, 601)) END) w
     WHERE (p.pool = 1 AND d.trade_package)
        OR (p.pool = 2 AND d.trade_package AND d.schedule NOT IN ('1', '1N', '2', '2N'))
        OR (p.pool = 3 AND d.ndc LIKE '%-**');
     ALTER TABLE s_pool ADD PRIMARY KEY (pool, n);
     ANALYZE s_pool`,
  );
  const { rows: sizes } = await client.query<{ pool: number; n: number }>('SELECT pool, count(*)::int AS n FROM s_pool GROUP BY pool ORDER BY pool');
  const poolSizes = [1, 2, 3].map((p) => sizes.find((s) => s.pool === p)?.n ?? 0);

  // Line items per container are skewed too; ids follow the containers (a container's items were entered together).
  // Each draws its pool by its client's profile, then an entry of the pool (s_pool.n).
  await client.query(
    `CREATE TEMP TABLE s_line AS
     SELECT l.id, l.g, l.container_id, l.k, l.pool, 1 + floor(pg_temp.rnd(l.g, 503) * ($6::int[])[l.pool])::int AS n
     FROM (
       SELECT l.*,
         CASE
           WHEN c.profile = 'supplier' AND pg_temp.rnd(l.g, 502) < $4::float8 THEN 3
           WHEN c.profile = 'research' AND pg_temp.rnd(l.g, 502) < $5::float8 THEN 3
           WHEN c.c2 THEN 1 ELSE 2 END AS pool
       FROM (
         SELECT row_number() OVER (ORDER BY c, g)::int AS id, g, c AS container_id, (row_number() OVER (PARTITION BY c ORDER BY g) - 1)::int AS k
         FROM (SELECT g, 1 + pg_temp.scatter(floor($1::int * pg_temp.rnd(g, 501) ^ 1.4)::bigint, $1::int, $3::int) AS c FROM generate_series(1, $2::int) g) x
       ) l
       JOIN s_container c ON c.id = l.container_id
     ) l`,
    [counts.containers, counts.lineItems, scatterPrime(counts.containers), BULK_SHARE.supplier, BULK_SHARE.research, poolSizes],
  );
  await client.query('ANALYZE s_line');

  // A bulk NDC: one lot, by count (tablets), volume (solutions, raw liquids) or weight (raw powders) with a purity.
  // Drawn ahead of the insert, for the few line items that are bulk: loadQuantities computes the drawn lots.
  await client.query(
    `CREATE TEMP TABLE s_bulk AS
     SELECT l.id, p.facts, b.*
     FROM s_line l
     JOIN s_pool p ON p.pool = l.pool AND p.n = l.n
     CROSS JOIN LATERAL (
       SELECT amount, uom, fill, bulk_pack_size, bulk_pack_size_uom, converted_to_base
       FROM (
         SELECT
           CASE p.bulk_kind WHEN 'dosage' THEN pg_temp.int_in(1, 200, r1) * 100 WHEN 'solution' THEN pg_temp.int_in(100, 20000, r1)
             WHEN 'raw_liquid' THEN pg_temp.int_in(10, 5000, r1)
             ELSE CASE WHEN r3 < 0.25 THEN pg_temp.int_in(100, 2500, r1) * 10 ELSE pg_temp.int_in(10, 25000, r1) / 10.0 END END::numeric AS amount,
           CASE p.bulk_kind WHEN 'dosage' THEN 'U' WHEN 'solution' THEN 'mL' WHEN 'raw_liquid' THEN 'mL' ELSE 'g' END AS uom,
           CASE p.bulk_kind WHEN 'raw_liquid' THEN pg_temp.int_in(50, 100, r2) / 100.0 WHEN 'raw_powder' THEN pg_temp.int_in(90, 102, r2) / 100.0
             ELSE 1 END AS fill,
           CASE WHEN p.bulk_kind = 'raw_powder' AND r3 < 0.25 THEN pg_temp.int_in(100, 2500, r1) / 100.0 END AS bulk_pack_size,
           CASE WHEN p.bulk_kind = 'raw_powder' AND r3 < 0.25 THEN 'kg' END AS bulk_pack_size_uom,
           CASE p.bulk_kind WHEN 'raw_liquid' THEN round(pg_temp.int_in(10, 5000, r1) * p.density, 6)
             WHEN 'raw_powder' THEN CASE WHEN r3 < 0.25 THEN pg_temp.int_in(100, 2500, r1) * 10 ELSE pg_temp.int_in(10, 25000, r1) / 10.0 END END AS converted_to_base
         FROM (SELECT pg_temp.rnd(l.g, 540) AS r1, pg_temp.rnd(l.g, 541) AS r2, pg_temp.rnd(l.g, 542) AS r3) r
       ) b0
     ) b
     WHERE p.bulk_kind IS NOT NULL`,
  );
  await client.query('ALTER TABLE s_bulk ADD PRIMARY KEY (id)');
  await client.query('ANALYZE s_bulk');
  await loadQuantities(client);

  const source = (profile: SourceProfile) => expand(SOURCES[profile]);
  const cause = (profile: SourceProfile) => expand(CAUSES[profile]);
  const inserted = await client.query(
    `INSERT INTO line_items (id, kind, container_id, job_id, ndc, ndc_description, ndc_schedule, strength, form, source, source_number, lot_number,
       cause, pack_quantity, pack_quantity_uom, pack_size, pack_size_uom, zi_package_size, percent_fill, reporting_qty, reporting_uom,
       bulk_pack_size, bulk_pack_size_uom, bulk_stage, converted_to_base, grams_of_base, form_222_number, cwf_form_number, locked, locked_own,
       package_size_density, avg_tablet_weight, avg_tablet_weight_unit, labeler_organization, line_type, created_at, created_by,
       modified_at, modified_by)
     SELECT id, kind, container_id, job_id, ndc, trade_name, schedule, strength, form,
       CASE profile WHEN 'dispenser' THEN pg_temp.pick($1::text[], pg_temp.rnd(g, 510)) WHEN 'supplier' THEN pg_temp.pick($2::text[], pg_temp.rnd(g, 510))
         ELSE pg_temp.pick($3::text[], pg_temp.rnd(g, 510)) END,
       pg_temp.pick(ARRAY['RA', 'INV', 'WO', 'DS'], pg_temp.rnd(g, 511)) || '-' || pg_temp.padded(pg_temp.int_in(0, 999999, pg_temp.rnd(g, 512)), 6),
       chr(65 + pg_temp.int_in(0, 25, pg_temp.rnd(g, 513))) || chr(65 + pg_temp.int_in(0, 25, pg_temp.rnd(g, 514)))
         || pg_temp.padded(pg_temp.int_in(0, 9999, pg_temp.rnd(g, 515)), 4)
         || CASE WHEN pg_temp.rnd(g, 516) < 0.5 THEN chr(65 + pg_temp.int_in(0, 25, pg_temp.rnd(g, 517))) ELSE '' END,
       CASE profile WHEN 'dispenser' THEN pg_temp.pick($4::text[], pg_temp.rnd(g, 518)) WHEN 'supplier' THEN pg_temp.pick($5::text[], pg_temp.rnd(g, 518))
         ELSE pg_temp.pick($6::text[], pg_temp.rnd(g, 518)) END,
       pack_quantity, NULL, trim_scale(pack_size), pack_size_uom, NULL, trim_scale(percent_fill), trim_scale(reporting_qty), reporting_uom,
       trim_scale(bulk_pack_size), bulk_pack_size_uom, NULL, trim_scale(converted_to_base), trim_scale(grams_of_base),
       CASE WHEN schedule IN ('1', '1N', '2', '2N') THEN
         pg_temp.int_in(1, 9, pg_temp.rnd(job_id::bigint * 100000 + form_index, 520))
         || pg_temp.padded(pg_temp.int_in(0, 99999999, pg_temp.rnd(job_id::bigint * 100000 + form_index, 521)), 8) END,
       cwf_number, container_locked OR locked_own, locked_own, package_size_density, avg_tablet_weight, avg_tablet_weight_unit, labeler_organization, NULL,
       created_at, created_by, created_at, created_by
     FROM (
       SELECT q.*, s.reporting_qty, s.reporting_uom, s.grams_of_base,
         -- A DEA Form 222 has ten lines: a job's Schedule I/II items fill its forms in order.
         ((row_number() OVER (PARTITION BY q.job_id, q.schedule IN ('1', '1N', '2', '2N') ORDER BY q.id) - 1) / 10)::int AS form_index
       FROM (
         SELECT l.id, l.g, l.kind, l.container_id, l.job_id, l.profile, l.cwf_number, p.ndc, p.trade_name, p.schedule, p.strength, p.form,
           l.container_locked, pg_temp.rnd(l.g, 519) < 0.04 AS locked_own,
           pg_temp.moment(l.packed_on, least(l.minute + l.k, 1439)) AS created_at,
           pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(l.g, 522)) AS created_by,
           CASE WHEN p.bulk_kind IS NULL THEN t.pack_quantity ELSE 1 END AS pack_quantity,
           CASE WHEN p.bulk_kind IS NULL THEN p.package_size ELSE b.amount END AS pack_size,
           CASE WHEN p.bulk_kind IS NULL THEN t.uom ELSE b.uom END AS pack_size_uom,
           CASE WHEN p.bulk_kind IS NULL THEN t.fill ELSE b.fill END AS percent_fill,
           p.facts,
           b.bulk_pack_size, b.bulk_pack_size_uom,
           b.converted_to_base,
           CASE WHEN p.bulk_kind IS NOT NULL THEN p.density END AS package_size_density,
           p.avg_tablet_weight, p.avg_tablet_weight_unit, p.labeler_organization
         FROM (
           SELECT l.id, l.g, l.k, l.container_id, l.pool, l.n, c.kind, c.job_id, c.profile, c.cwf_number, c.locked AS container_locked,
             c.packed_on, c.minute
           FROM s_line l JOIN s_container c ON c.id = l.container_id
         ) l
         JOIN s_pool p ON p.pool = l.pool AND p.n = l.n
         LEFT JOIN s_bulk b ON b.id = l.id
         -- A trade pack: whole packages (a few partial ones at a fill whose count of units is whole), in dozens or thousands at times.
         CROSS JOIN LATERAL (
           SELECT pack_quantity, fill,
             CASE WHEN fill = 1 AND p.package_size_uom = 'U' AND p.package_size % 1000 = 0 AND pg_temp.rnd(l.g, 533) < 0.4 THEN 'K'
                  WHEN fill = 1 AND p.package_size_uom = 'U' AND p.package_size % 12 = 0 AND pg_temp.rnd(l.g, 534) < 0.5 THEN 'D'
                  ELSE p.package_size_uom END AS uom
           FROM (
             SELECT CASE WHEN partial THEN 1
                 WHEN l.kind = 'yellow_bucket' THEN CASE WHEN pg_temp.rnd(l.g, 531) < 0.7 THEN pg_temp.int_in(1, 2, pg_temp.rnd(l.g, 532)) ELSE pg_temp.int_in(3, 6, pg_temp.rnd(l.g, 532)) END
                 ELSE CASE WHEN pg_temp.rnd(l.g, 531) < 0.6 THEN pg_temp.int_in(1, 3, pg_temp.rnd(l.g, 532))
                           WHEN pg_temp.rnd(l.g, 531) < 0.9 THEN pg_temp.int_in(4, 12, pg_temp.rnd(l.g, 532))
                           ELSE pg_temp.int_in(13, ${MAX_PACK_QUANTITY}, pg_temp.rnd(l.g, 532)) END END AS pack_quantity,
               CASE WHEN partial THEN candidate ELSE 1 END AS fill
             FROM (
               SELECT candidate, pg_temp.rnd(l.g, 530) < 0.1 AND p.package_size IS NOT NULL AND (candidate * p.package_size) % 1 = 0 AS partial
               FROM (SELECT pg_temp.pick('{${PARTIAL_FILLS.join(',')}}'::numeric[], pg_temp.rnd(l.g, 535)) AS candidate) c0
             ) c1
           ) c2
         ) t
         -- A fence: the join below reads q's columns rather than repeating the draws they are made of.
         OFFSET 0
       ) q
       JOIN s_quantity s USING (facts, pack_quantity, pack_size, pack_size_uom, percent_fill)
     ) x
     ORDER BY id`,
    [
      source('dispenser'),
      source('supplier'),
      source('research'),
      cause('dispenser'),
      cause('supplier'),
      cause('research'),
    ],
  );
  if (inserted.rowCount !== counts.lineItems) {
    throw new Error(`${inserted.rowCount} of ${counts.lineItems} line items written: s_quantity lacks the quantities of some drawn inputs.`);
  }
}

interface QuantityFacts {
  ndc: string;
  bulk_kind: string | null;
  ingredient_base_weight: number | null;
  density: number | null;
}

/**
 * The line items draw their NDCs by the client's profile, not by each registration's flags; the
 * flags then follow what the registration's jobs hold, so that every item is one its DEA
 * registration may hold (registrants.ts). Only flags are set, none cleared.
 */
export async function coverHeldSchedules(client: pg.Client): Promise<void> {
  const column = (s: string) => `schedule_${s.toLowerCase()}`;
  await client.query(
    `UPDATE registrations r SET ${SCHEDULE_FLAGS.map((s) => `${column(s)} = r.${column(s)} OR h.${column(s)}`).join(', ')}
     FROM (
       SELECT j.registration_id, ${SCHEDULE_FLAGS.map((s) => `bool_or(li.ndc_schedule = '${s}') AS ${column(s)}`).join(', ')}
       FROM line_items li JOIN jobs j ON j.id = li.job_id
       GROUP BY j.registration_id
     ) h
     WHERE h.registration_id = r.id AND (${SCHEDULE_FLAGS.map((s) => `(h.${column(s)} AND NOT r.${column(s)})`).join(' OR ')})`,
  );
}

/**
 * The quantities of every pack the seed can draw, computed by the domain's computeQuantities as the
 * server computes them on every save, into s_quantity, which the line-item insert joins on its
 * inputs (quantity facts, pack quantity, pack size and UoM, fill). A trade pack's inputs are few:
 * each distinct pack of the pool entries in whole packages of 1 to MAX_PACK_QUANTITY (also in
 * thousands or dozens when counted in units) or one partial package; they are all computed. A bulk
 * lot's amounts and purities are too many for that (over a million), so only the drawn ones
 * (s_bulk) are. Pack sizes and fills travel as text, so the join matches the drawn values exactly;
 * a drawn input the table lacked would leave its line item out, and the seed fails on the count.
 */
async function loadQuantities(client: pg.Client): Promise<void> {
  const facts = new Map(
    (
      await client.query<QuantityFacts & { facts: number }>(
        `SELECT DISTINCT ON (e.facts) e.facts, d.ndc, e.bulk_kind, d.ingredient_base_weight, d.density
         FROM s_entry e JOIN ndc_dictionary d ON d.id = e.id
         ORDER BY e.facts, d.id`,
      )
    ).rows.map((r) => [r.facts, r]),
  );
  type Inputs = { facts: number; pack_quantity: number; pack_size: string | null; pack_size_uom: string | null; percent_fill: string };
  const inputs = new Map<string, Inputs>();
  const add = (input: Inputs) => {
    inputs.set(JSON.stringify([input.facts, input.pack_quantity, input.pack_size, input.pack_size_uom, input.percent_fill]), input);
  };
  const { rows: packs } = await client.query<{ facts: number; pack_size: string | null; pack_size_uom: string | null }>(
    `SELECT facts, package_size::text AS pack_size, package_size_uom AS pack_size_uom
     FROM (SELECT DISTINCT e.facts, d.package_size, d.package_size_uom FROM s_entry e JOIN ndc_dictionary d ON d.id = e.id WHERE e.bulk_kind IS NULL) p`,
  );
  for (const pack of packs) {
    const units = pack.pack_size_uom === 'U' ? [pack.pack_size_uom, ...COUNT_UNITS] : [pack.pack_size_uom];
    for (let quantity = 1; quantity <= MAX_PACK_QUANTITY; quantity++) {
      for (const uom of units) add({ ...pack, pack_quantity: quantity, pack_size_uom: uom, percent_fill: '1' });
    }
    for (const fill of PARTIAL_FILLS) add({ ...pack, pack_quantity: 1, percent_fill: String(fill) });
  }
  const { rows: lots } = await client.query<Inputs>(
    `SELECT facts, 1 AS pack_quantity, amount::text AS pack_size, uom AS pack_size_uom, fill::text AS percent_fill
     FROM (SELECT DISTINCT facts, amount, uom, fill FROM s_bulk) b`,
  );
  lots.forEach(add);

  const number = (text: string | null) => (text === null ? null : Number(text));
  const rows = [...inputs.values()];
  const quantities = rows.map((input) => {
    const f = facts.get(input.facts)!;
    return computeQuantities(
      { ndc: f.ndc, bulkKind: f.bulk_kind === null ? undefined : BULK_KINDS[f.bulk_kind], ingredientBaseWeight: f.ingredient_base_weight, density: f.density },
      { packQuantity: input.pack_quantity, packSize: number(input.pack_size), packSizeUoM: input.pack_size_uom, percentFill: number(input.percent_fill) },
    );
  });
  await client.query(
    `CREATE TEMP TABLE s_quantity (facts integer, pack_quantity integer, pack_size numeric, pack_size_uom text, percent_fill numeric,
       reporting_qty numeric, reporting_uom text, grams_of_base numeric,
       PRIMARY KEY (facts, pack_quantity, pack_size, pack_size_uom, percent_fill))`,
  );
  // One statement, the columns as arrays.
  await client.query(
    `INSERT INTO s_quantity SELECT * FROM unnest($1::int[], $2::int[], $3::numeric[], $4::text[], $5::numeric[], $6::numeric[], $7::text[], $8::numeric[])`,
    [
      rows.map((r) => r.facts),
      rows.map((r) => r.pack_quantity),
      rows.map((r) => r.pack_size),
      rows.map((r) => r.pack_size_uom),
      rows.map((r) => r.percent_fill),
      quantities.map((q) => q.reportingQty),
      quantities.map((q) => q.reportingUoM),
      quantities.map((q) => q.gramsOfBase),
    ],
  );
  await client.query('ANALYZE s_quantity');
}
