import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors/app-error.ts';
import { valueList } from './value-lists.repository.ts';

const valueListSchema = z.object({ valueList: z.array(z.object({ value: z.string(), displayValue: z.string() })) });

/** `GET /get-value-list?valueListName=…`: an option list (Container Type, UoM Container, Dynamic UoM, Source, Cause, …). */
export const valueListsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/get-value-list',
    {
      schema: {
        tags: ['value lists'],
        summary: 'An option list, in display order',
        description: '`layoutEntity` and `primaryKey` are accepted for the client\'s sake; lists do not depend on them. 404 for an unknown list name.',
        querystring: z.object({
          valueListName: z.string().min(1, 'valueListName is required').max(60),
          layoutEntity: z.string().max(100).optional(),
          primaryKey: z.string().max(100).optional(),
        }),
        response: { 200: valueListSchema },
      },
    },
    async (request) => {
      const rows = await valueList(db, request.query.valueListName);
      if (!rows.length) throw notFound(`There is no value list "${request.query.valueListName}".`);
      return { valueList: rows.map((r) => ({ value: r.value, displayValue: r.display_value })) };
    },
  );
};
