import { ENTITIES, SAVED_FIND_LIMITS, savedFindSchema, savedFindsAnswerSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { strictBody } from '../../records/body-schemas.ts';
import { findRequestSchema } from '../../records/find-request.ts';
import { sortSchema } from '../../records/list-query.ts';
import type { SavedFindsService } from './saved-finds.service.ts';

const savedFindId = z.object({ id: z.string().regex(/^\d{1,9}$/, 'must be a saved find id (digits)') });
const entity = z.enum(ENTITIES);
// The text rules (code points, one line) are the service's, with messages naming the field; these only cap the body.
const name = z.string().max(1000);
const quickFind = z.string().max(10_000);
// A list's own find takes these as the list's clients send them; a saved find keeps them, so a name
// inside a request or a sort that the list would drop is refused (400 naming it), never dropped.
const requests = z.array(strictBody(findRequestSchema.shape)).max(50, 'At most 50 find requests');
const sort = z.array(strictBody(sortSchema.element.shape)).max(10, 'At most 10 sort fields');

const FIND_RULES =
  `The entity is one of ${ENTITIES.join(', ')}; the name 1–${SAVED_FIND_LIMITS.name} characters on one line; quickFind at most ${SAVED_FIND_LIMITS.quickFind} characters; ` +
  'requests and sort as the list takes them (`searchCriteria`, `sort`), naming fields of that list (400 naming an unknown one).';

export const savedFindsRoutes: FastifyPluginAsyncZod<{ savedFinds: SavedFindsService }> = async (app, { savedFinds }) => {
  app.get(
    '/saved-finds',
    {
      schema: {
        tags: ['saved finds'],
        summary: "The user's saved finds of a list",
        description: 'Any signed-in user; only their own saved finds, of the list `entity`, by name.',
        querystring: z.object({ entity }),
        response: { 200: savedFindsAnswerSchema },
      },
    },
    async (request) => savedFinds.list(request.query.entity, request.user),
  );

  app.get(
    '/saved-finds/:id',
    {
      schema: {
        tags: ['saved finds'],
        summary: 'One saved find',
        description: "Any signed-in user, their own saved finds only: another user's is 404.",
        params: savedFindId,
        response: { 200: savedFindSchema },
      },
    },
    async (request) => savedFinds.read(Number(request.params.id), request.user),
  );

  app.post(
    '/saved-finds',
    {
      config: { action: 'savedFind.create' },
      schema: {
        tags: ['saved finds'],
        summary: 'Save a find',
        description:
          `Any signed-in user, for themselves. ${FIND_RULES} It needs a quick find, find requests or a sort (400). ` +
          `409 when the user already has a saved find of that name (whatever its case) on that list, or ${SAVED_FIND_LIMITS.perList} saved finds there. Answers the saved find (201).`,
        body: strictBody({ entity, name, quickFind: quickFind.optional(), requests: requests.optional(), sort: sort.optional() }),
        response: { 201: savedFindSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await savedFinds.create(request.body, request.user, request.id)),
  );

  app.patch(
    '/saved-finds/:id',
    {
      config: { action: 'savedFind.edit' },
      schema: {
        tags: ['saved finds'],
        summary: 'Rename a saved find or change its find',
        description: `Any of name, quickFind, requests and sort, with the rules of creating one. 404 for an id that is not one of the user's saved finds; 409 for a name already used on the list. Answers the saved find.`,
        params: savedFindId,
        body: strictBody({ name: name.optional(), quickFind: quickFind.optional(), requests: requests.optional(), sort: sort.optional() }),
        response: { 200: savedFindSchema },
      },
    },
    async (request) => savedFinds.update(Number(request.params.id), request.body, request.user, request.id),
  );

  app.delete(
    '/saved-finds/:id',
    {
      config: { action: 'savedFind.delete' },
      schema: {
        tags: ['saved finds'],
        summary: 'Delete a saved find',
        description: "404 for an id that is not one of the user's saved finds. Answers 204.",
        params: savedFindId,
      },
    },
    async (request, reply) => {
      await savedFinds.delete(Number(request.params.id), request.user, request.id);
      return reply.status(204).send();
    },
  );
};
