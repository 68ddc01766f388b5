import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { databaseAnswers } from './health.repository.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** `GET /health`: 200 when the database answers, 503 when it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
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
};
