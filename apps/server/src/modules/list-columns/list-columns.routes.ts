import { ENTITIES } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { strictBody } from '../../records/body-schemas.ts';
import type { ListColumnsService } from './list-columns.service.ts';

const entity = z.enum(ENTITIES);
const answer = z.object({ entity, hidden: z.array(z.string()) });

export const listColumnsRoutes: FastifyPluginAsyncZod<{ listColumns: ListColumnsService }> = async (app, { listColumns }) => {
  app.get(
    '/list-columns/:entity',
    {
      schema: {
        tags: ['list columns'],
        summary: 'The columns the user hides on a list',
        description: "Any signed-in user, their own choice only. `hidden` names the list's columns by field name; `[]` (also before any choice) shows every column.",
        params: z.object({ entity }),
        response: { 200: answer },
      },
    },
    async (request) => listColumns.read(request.params.entity, request.user),
  );

  app.put(
    '/list-columns/:entity',
    {
      config: { action: 'listColumns.choose' },
      schema: {
        tags: ['list columns'],
        summary: 'Choose the columns the user hides on a list',
        description:
          "Any signed-in user, for themselves: `hidden` is every column of the list to hide (`[]` shows them all again), each a column of that list's catalogue, named once; a list's identifying columns (its id, and its name or NDC) are always shown. 400 naming the column at fault. Answers the choice as kept.",
        params: z.object({ entity }),
        body: strictBody({ hidden: z.array(z.string().max(200)).max(100, 'At most 100 columns') }),
        response: { 200: answer },
      },
    },
    async (request) => listColumns.choose(request.params.entity, request.body.hidden, request.user, request.id),
  );
};
