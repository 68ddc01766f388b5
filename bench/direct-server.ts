import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { DirectPlan } from './direct-sql.ts';

/**
 * The baseline of the bench: a thin Fastify + pg server that answers each case with the same SQL
 * as the list or detail call (direct-sql.ts), recounting on every request, over a pool of the same
 * size as the application's. No authentication, no formatting: rows as pg returns them.
 *
 *   DATABASE_URL=… PORT=… BENCH_PLANS=<plans.json> POOL_SIZE=10 node bench/direct-server.ts
 *
 * GET /direct/<case index>/<variant index> runs that plan; GET /ready answers once the pool works.
 * Started and stopped by bench/run.ts.
 */
const url = process.env.DATABASE_URL;
const plansFile = process.env.BENCH_PLANS;
if (!url || !plansFile) {
  console.error('direct-server: DATABASE_URL and BENCH_PLANS are required');
  process.exit(2);
}
const plans = JSON.parse(readFileSync(plansFile, 'utf8')) as DirectPlan[][];
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.POOL_SIZE ?? 10) });
pool.on('error', () => {});

const app = Fastify({ logger: false });

app.get('/ready', async () => {
  await pool.query('SELECT 1');
  return { ok: true };
});

app.get<{ Params: { c: string; v: string } }>('/direct/:c/:v', async (request, reply) => {
  const plan = plans[Number(request.params.c)]?.[Number(request.params.v)];
  if (!plan) return reply.status(404).send({ error: 'no such plan' });
  const results: pg.QueryResult[][] = [];
  for (const stage of plan.stages) {
    results.push(await Promise.all(stage.map((s) => pool.query(s.text, s.values))));
  }
  if (plan.kind === 'list') {
    const [page, found, total] = results[0]!;
    const foundCount = Number(found!.rows[0]?.n ?? 0);
    return { data: page!.rows, foundCount, totalRecordCount: total ? Number(total.rows[0]?.n ?? 0) : foundCount };
  }
  const record = results[0]![0]!.rows[0];
  if (!record) return reply.status(404).send({ error: 'no such record' });
  return {
    data: record,
    portals: results[1]!.map((r) => ({ rows: r.rows, foundCount: Number(r.rows[0]?.__count ?? 0) })),
  };
});

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
