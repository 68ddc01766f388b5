/** The scale seed's closing report: what was made, as counts and shares. */
import pg from 'pg';

/** What was made, and the shares the bench relies on. */
export async function report(client: pg.Client): Promise<void> {
  const { rows } = await client.query<Record<string, string | number>>(`
    SELECT
      (SELECT count(*) FROM companies)::int AS companies,
      (SELECT count(*) FROM registrations)::int AS registrations,
      (SELECT count(*) FROM jobs)::int AS jobs,
      (SELECT round(100.0 * count(*) FILTER (WHERE locked) / count(*), 1) FROM jobs) AS jobs_locked_pct,
      (SELECT count(*) FILTER (WHERE kind = 'standard') FROM containers)::int AS containers,
      (SELECT count(*) FILTER (WHERE kind = 'yellow_bucket') FROM containers)::int AS yb_containers,
      (SELECT count(*) FILTER (WHERE kind = 'standard') FROM line_items)::int AS line_items,
      (SELECT count(*) FILTER (WHERE kind = 'yellow_bucket') FROM line_items)::int AS yb_line_items,
      (SELECT round(100.0 * count(*) FILTER (WHERE lower(ndc_description) ~ '(^|[^[:alnum:]])oxy') / count(*), 1)
         FROM line_items WHERE kind = 'standard') AS oxy_pct,
      (SELECT round(100.0 * count(*) FILTER (WHERE percent_fill = 1) / count(*), 1) FROM line_items) AS full_fill_pct,
      (SELECT max(n) FROM (SELECT count(*) AS n FROM line_items GROUP BY container_id) x)::int AS max_items_per_container,
      (SELECT max(n) FROM (SELECT count(*) AS n FROM line_items GROUP BY job_id) x)::int AS max_items_per_job,
      (SELECT min(created_at)::date || ' … ' || max(created_at)::date FROM line_items) AS line_item_dates`);
  const r = rows[0]!;
  const n = (v: string | number | undefined) => Number(v).toLocaleString('en-US');
  console.log(`
  companies ${n(r.companies)}, registrations ${n(r.registrations)}, jobs ${n(r.jobs)} (${r.jobs_locked_pct}% locked)
  containers ${n(r.containers)} standard + ${n(r.yb_containers)} Yellow Bucket
  line items ${n(r.line_items)} standard + ${n(r.yb_line_items)} Yellow Bucket, created ${r.line_item_dates}
  "oxy" begins a word of the description of ${r.oxy_pct}% of the standard line items; ${r.full_fill_pct}% have percent fill 1
  at most ${n(r.max_items_per_container)} line items in one container, ${n(r.max_items_per_job)} in one job`);
}
