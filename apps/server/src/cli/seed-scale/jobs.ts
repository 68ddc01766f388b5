/** The scale seed's jobs, on the registrations; leaves the temp table s_job (the picked-up jobs), which the containers read. */
import pg from 'pg';
import {
  DESTRUCTION_FACILITIES,
  FIRST_NAMES,
  JOB_PURPOSES,
  LAST_NAMES,
  STAFF_WITNESSES,
  TRANSPORT_FACILITIES,
  TRANSPORT_METHODS,
  TRANSPORTERS,
} from '../../seed/seed-choices.ts';
import { JOBS_WITH_YELLOW_BUCKETS, type ScaleCounts } from './counts.ts';
import { scatterPrime } from './sql-helpers.ts';

export async function seedJobs(client: pg.Client, today: string, counts: ScaleCounts): Promise<void> {
  const registrations = Math.max(counts.registrations, 120);
  // Registration of each job: skewed (a few clients send many jobs), scattered over the ids.
  // Dates over three years, recent ones more often; a job on an expired registration ended before it expired.
  await client.query(
    `CREATE TEMP TABLE s_job_draft AS
     SELECT g, r.id AS registration_id, r.company_id, dates.*, dates.initiated - pg_temp.int_in(0, 7, pg_temp.rnd(g, 304)) AS filed
     FROM generate_series(1, $1::int) g
     JOIN registrations drawn ON drawn.id = 1 + pg_temp.scatter(floor($2::int * pg_temp.rnd(g, 301) ^ 1.5)::bigint, $2::int, $3::int)
     -- Controlled substances come back only from DEA registrants (registrants.ts): a job drawn on a
     -- State licence goes on its company's DEA registration.
     JOIN LATERAL (
       SELECT * FROM registrations f WHERE f.company_id = drawn.company_id AND f.license_type = 'Federal'
       ORDER BY f.id = drawn.id DESC, f.id LIMIT 1
     ) r ON true
     CROSS JOIN LATERAL (
       SELECT CASE WHEN r.expiration_date < $4::date
           THEN greatest($4::date - 1095, least($4::date - floor(1095 * pg_temp.rnd(g, 302) ^ 1.3)::int, r.expiration_date - pg_temp.int_in(20, 365, pg_temp.rnd(g, 303))))
           ELSE $4::date - floor(1095 * pg_temp.rnd(g, 302) ^ 1.3)::int END AS initiated
     ) i
     CROSS JOIN LATERAL (
       SELECT i.initiated,
         i.initiated + c1 AS confirmed_c,
         i.initiated + c1 + c2 AS transfer_c,
         i.initiated + c1 + c2 + c3 AS vault_c,
         i.initiated + c1 + c2 + c3 + c4 AS destroyed_c,
         i.initiated + c1 + c2 + c3 + c4 + c5 AS completed_c
       FROM (SELECT pg_temp.int_in(1, 4, pg_temp.rnd(g, 305)) AS c1, pg_temp.int_in(1, 14, pg_temp.rnd(g, 306)) AS c2,
                    pg_temp.int_in(0, 2, pg_temp.rnd(g, 307)) AS c3, pg_temp.int_in(1, 30, pg_temp.rnd(g, 308)) AS c4,
                    pg_temp.int_in(3, 30, pg_temp.rnd(g, 309)) AS c5) o
     ) dates`,
    [counts.jobs, registrations, scatterPrime(registrations), today],
  );
  await client.query(
    `INSERT INTO jobs (id, registration_id, supplier_registration_id, name, status, activity, date_filed, date_initiated, date_confirmed,
       date_transfer, date_destroyed, date_vault_in, date_vault_out, date_completed, locked, sister_job_id, facility_transported_to,
       transporter, transport_method, disposal_method, transfer_witness_1, transfer_witness_2, destruction_witness_1, destruction_witness_2,
       cwf_number, created_at, created_by, modified_at, modified_by, date_received, destruction_facility, destruction_facility_address)
     SELECT id, registration_id, supplier_registration_id, name, status, activity, filed, initiated, confirmed, transfer, destroyed, vault_in,
       destroyed, completed, locked, NULL, CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($3::text[], pg_temp.rnd(id, 320)) END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($4::text[], pg_temp.rnd(id, 321)) END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($5::text[], pg_temp.rnd(id, 322)) END,
       CASE WHEN destroyed IS NOT NULL THEN CASE WHEN pg_temp.rnd(id, 323) < 0.85 THEN 'Incineration' ELSE 'Chemical Digestion' END END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($6::text[], pg_temp.rnd(id, 324)) || ' ' || pg_temp.pick($7::text[], pg_temp.rnd(id, 325)) END,
       CASE WHEN transfer IS NOT NULL THEN pg_temp.pick($6::text[], pg_temp.rnd(id, 326)) || ' ' || pg_temp.pick($7::text[], pg_temp.rnd(id, 327)) END,
       CASE WHEN destroyed IS NOT NULL THEN ($8::text[])[1 + id % cardinality($8::text[])] END,
       CASE WHEN destroyed IS NOT NULL THEN ($8::text[])[1 + (id + 3) % cardinality($8::text[])] END,
       CASE WHEN destroyed IS NOT NULL THEN 'CWF-' || extract(year FROM destroyed) || '-' || pg_temp.padded(id, 5) END,
       pg_temp.moment(filed, 780 + pg_temp.int_in(0, 540, pg_temp.rnd(id, 328))),
       created_by,
       pg_temp.moment(coalesce(completed, destroyed, vault_in, transfer, confirmed, filed), 780 + pg_temp.int_in(0, 540, pg_temp.rnd(id, 329))),
       CASE WHEN pg_temp.rnd(id, 330) < 0.7 THEN created_by ELSE 'admin' END,
       vault_in,
       CASE WHEN destroyed IS NOT NULL THEN ($9::text[])[1 + id % cardinality($9::text[])] END,
       CASE WHEN destroyed IS NOT NULL THEN ($10::text[])[1 + id % cardinality($10::text[])] END
     FROM (
       SELECT row_number() OVER (ORDER BY d.filed, d.g)::int AS id, d.*,
         CASE WHEN d.completed IS NOT NULL THEN pg_temp.rnd(d.g, 312) < 0.45
              WHEN d.destroyed IS NOT NULL THEN pg_temp.rnd(d.g, 312) < 0.3 ELSE false END AS locked,
         CASE WHEN d.completed IS NOT NULL THEN 'Completed' WHEN d.destroyed IS NOT NULL THEN 'Destroyed' WHEN d.vault_in IS NOT NULL THEN 'In Vault'
              WHEN d.transfer IS NOT NULL THEN 'In Transit' WHEN d.confirmed IS NOT NULL THEN 'Confirmed' ELSE 'Open' END AS status,
         CASE WHEN pg_temp.rnd(d.g, 313) < 0.2 AND cardinality(dist.ids) > 0 THEN pg_temp.pick(dist.ids, pg_temp.rnd(d.g, 314)) END AS supplier_registration_id,
         c.name || ' ' || to_char(d.initiated, 'MM/YYYY') || ' ' || pg_temp.pick($2::text[], pg_temp.rnd(d.g, 315)) AS name,
         r.activity,
         pg_temp.pick(ARRAY['admin', 'clerk'], pg_temp.rnd(d.g, 316)) AS created_by
       FROM (
         SELECT g, registration_id, company_id, filed, initiated,
           CASE WHEN confirmed_c <= $1::date THEN confirmed_c END AS confirmed,
           CASE WHEN transfer_c <= $1::date THEN transfer_c END AS transfer,
           CASE WHEN vault_c <= $1::date THEN vault_c END AS vault_in,
           CASE WHEN destroyed_c <= $1::date THEN destroyed_c END AS destroyed,
           CASE WHEN completed_c <= $1::date THEN completed_c END AS completed
         FROM s_job_draft
       ) d
       JOIN registrations r ON r.id = d.registration_id
       JOIN companies c ON c.id = d.company_id
       CROSS JOIN (
         SELECT coalesce(array_agg(r.id ORDER BY r.id), '{}') AS ids FROM registrations r JOIN s_company s ON s.id = r.company_id
         WHERE s.kind = 'distributor' AND r.license_type = 'Federal'
       ) dist
     ) j
     ORDER BY id`,
    [
      today, JOB_PURPOSES, TRANSPORT_FACILITIES, TRANSPORTERS, TRANSPORT_METHODS, FIRST_NAMES, LAST_NAMES, STAFF_WITNESSES,
      DESTRUCTION_FACILITIES.map((f) => f.name), DESTRUCTION_FACILITIES.map((f) => f.address),
    ],
  );
  // What containers and line items need to know of their job: picked-up jobs only (an open job has none yet).
  await client.query(
    `CREATE TEMP TABLE s_job AS
     SELECT row_number() OVER (ORDER BY j.id)::int AS n, j.id, j.locked, coalesce(j.date_transfer, j.date_confirmed) AS packed_on,
       j.status, j.cwf_number, k.profile, (r.schedule_2 AND r.schedule_2n) AS c2, pg_temp.rnd(j.id, 310) < $1::float8 AS has_yb
     FROM jobs j
     JOIN registrations r ON r.id = j.registration_id
     JOIN s_company s ON s.id = r.company_id
     JOIN s_kind k ON k.kind = s.kind
     WHERE coalesce(j.date_transfer, j.date_confirmed) IS NOT NULL`,
    [JOBS_WITH_YELLOW_BUCKETS],
  );
  await client.query('ALTER TABLE s_job ADD PRIMARY KEY (n); CREATE UNIQUE INDEX ON s_job (id); ANALYZE s_job');
}
