import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ReadTurns } from '../../records/read-turns.ts';
import { databaseAnswers } from './health.repository.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

const laneSchema = z.object({ running: z.number().int(), waiting: z.number().int(), oldestWaitMs: z.number() });
const readySchema = z.object({
  status: z.enum(['ready', 'saturated', 'degraded']),
  database: z.enum(['up', 'down']),
  /** The reads taking turns (records/read-turns.ts); absent on the embedded database, which takes none. */
  reads: z.object({ quick: laneSchema, find: laneSchema }).optional(),
});

/**
 * `GET /health`: liveness, 200 when the database answers, 503 when it does not.
 * `GET /ready`: readiness for a load balancer: 503 also when this server's reads are saturated — a
 * record or an indexed page has waited more than a second for its turn, or finds have waited long —
 * so that traffic goes to another server while this one catches up.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; reads?: ReadTurns | undefined }> = async (app, { db, reads }) => {
  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['system'], summary: 'Liveness and database check', security: [], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      try {
        await databaseAnswers(db);
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const });
      }
    },
  );
  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and reads are not saturated',
        security: [],
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const lanes = reads ? { reads: reads.status() } : {};
      try {
        await databaseAnswers(db);
      } catch {
        return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const, ...lanes });
      }
      if (reads?.saturated()) return reply.status(503).send({ status: 'saturated' as const, database: 'up' as const, ...lanes });
      return { status: 'ready' as const, database: 'up' as const, ...lanes };
    },
  );
};
