/** The scale seed's containers, over the picked-up jobs (s_job); leaves the temp table s_container, which the line items read. */
import pg from 'pg';
import { VALUE_LISTS } from '../../seed/value-lists.ts';
import { JOBS_WITH_YELLOW_BUCKETS, YELLOW_BUCKET_SHARE, type ScaleCounts } from './counts.ts';
import { scatterPrime } from './sql-helpers.ts';

export async function seedContainers(client: pg.Client, counts: ScaleCounts): Promise<void> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM s_job');
  const packedJobs = rows[0]!.n;
  // Containers per job are skewed (most jobs a few, some a hundred and more), scattered over the jobs.
  await client.query(
    `INSERT INTO containers (id, kind, job_id, name, pallet, container_type, package_weight, net_weight, gross_uom, locked, zi_package_size,
       created_at, created_by, modified_at, modified_by)
     SELECT id, kind, job_id, name, 'PLT-' || pg_temp.int_in(1, 3, pg_temp.rnd(id, 410)),
       CASE WHEN yb THEN pg_temp.pick($3::text[], pg_temp.rnd(id, 411)) ELSE pg_temp.pick($4::text[], pg_temp.rnd(id, 411)) END,
       CASE WHEN weighed THEN trim_scale(round((tare_lb * factor)::numeric, 2)) END,
       CASE WHEN weighed THEN trim_scale(round((net_lb * factor)::numeric, 2)) END,
       uom, locked, NULL,
       pg_temp.moment(packed_on, least(840 + pos * 7, 1320)), created_by, pg_temp.moment(packed_on, least(840 + pos * 7, 1320)), created_by
     FROM (
       SELECT x.*, CASE uom WHEN 'kg' THEN 0.45359237 WHEN 'g' THEN 453.59237 ELSE 1 END AS factor
       FROM (
         SELECT row_number() OVER (ORDER BY d.job_id, d.kind, d.g)::int AS id, d.kind, d.job_id, d.yb, d.packed_on,
           'J' || d.job_id || '-' || CASE WHEN d.yb THEN 'YB' ELSE 'C' END || pg_temp.padded(row_number() OVER (PARTITION BY d.job_id, d.kind ORDER BY d.g), 2) AS name,
           (row_number() OVER (PARTITION BY d.job_id ORDER BY d.kind, d.g) - 1)::int AS pos,
           CASE WHEN d.yb THEN (CASE WHEN pg_temp.rnd(d.g, 403) < 0.7 THEN 'Lb' WHEN pg_temp.rnd(d.g, 403) < 0.95 THEN 'kg' ELSE 'g' END)
                ELSE (CASE WHEN pg_temp.rnd(d.g, 403) < 0.6 THEN 'lbs' ELSE 'kg' END) END AS uom,
           d.status <> 'Confirmed' OR pg_temp.rnd(d.g, 404) < 0.3 AS weighed,
           CASE WHEN d.yb THEN pg_temp.int_in(8, 60, pg_temp.rnd(d.g, 405)) ELSE pg_temp.int_in(5, 40, pg_temp.rnd(d.g, 405)) / 10.0 END AS tare_lb,
           CASE WHEN d.yb THEN pg_temp.int_in(200, 30000, pg_temp.rnd(d.g, 406)) / 100.0 ELSE pg_temp.int_in(50, 6000, pg_temp.rnd(d.g, 406)) / 100.0 END AS net_lb,
           d.job_locked OR pg_temp.rnd(d.g, 407) < 0.08 AS locked,
           pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(d.g, 408)) AS created_by
         FROM (
           SELECT c.g, j.id AS job_id, j.status, j.locked AS job_locked, j.packed_on, y.yb,
             CASE WHEN y.yb THEN 'yellow_bucket' ELSE 'standard' END AS kind
           FROM (
             SELECT g, 1 + pg_temp.scatter(floor($1::int * pg_temp.rnd(g, 401) ^ 1.6)::bigint, $1::int, $5::int) AS n
             FROM generate_series(1, $2::int) g
           ) c
           JOIN s_job j ON j.n = c.n
           CROSS JOIN LATERAL (SELECT j.has_yb AND pg_temp.rnd(c.g, 402) < $6::float8 AS yb) y
         ) d
       ) x
     ) y
     ORDER BY id`,
    [packedJobs, counts.containers, VALUE_LISTS['YB Container Type'], VALUE_LISTS['Container Type'], scatterPrime(packedJobs), YELLOW_BUCKET_SHARE / JOBS_WITH_YELLOW_BUCKETS],
  );
  await client.query(
    `CREATE TEMP TABLE s_container AS
     SELECT ct.id, ct.job_id, ct.kind, ct.locked, j.packed_on, j.profile, j.c2, j.cwf_number,
       (extract(epoch FROM ct.created_at - pg_temp.moment(j.packed_on, 0)) / 60)::int AS minute
     FROM containers ct JOIN s_job j ON j.id = ct.job_id;
     ALTER TABLE s_container ADD PRIMARY KEY (id);
     ANALYZE s_container`,
  );
}
