import {
  CATALOGUE,
  ENTITIES,
  listAnswerSchema,
  listQuerystringSchema,
  recordAnswerSchema,
  searchBodySchema,
  type EntityName,
} from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClientGone } from '../errors/app-error.ts';
import { parseListQuery, parseSearchBody } from './list-query.ts';
import type { RecordsService } from './records.service.ts';

/**
 * Lists and records are built field by field from the entity's layout (`toFieldData`), so nothing
 * beyond the layout can leave; re-validating each of their hundreds of values against the response
 * schema would cost more than the query (≈ 0.8 ms of CPU per 50-row page). The schemas stay for the
 * OpenAPI document.
 */
const serializeLayoutBuilt = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
/** Answers that arrive as the bytes to send (records.service.ts `listAnswer`, `recordAnswer`). */
const JSON_TYPE = 'application/json; charset=utf-8';
/** Sends answer bytes as they are: the response schema describes them for the OpenAPI document. */
function sendAnswer<R extends { type(contentType: string): R; send(payload: never): R }>(reply: R, body: Buffer): R {
  return reply.type(JSON_TYPE).send(body as never);
}

/**
 * Aborts when the client goes away before its answer has been sent (a closed tab, a navigation, a
 * new keystroke whose find replaces this one): its read leaves its turn, or stops in the database.
 */
function whileClientWaits(reply: { raw: { once(event: 'close', listener: () => void): unknown; writableFinished: boolean } }): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new ClientGone());
  });
  return gone.signal;
}

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, 'must be a record id (digits)') });

const LIST_DESCRIPTION = `FileMaker-style list. \`offset\` is 1-based (absent = 1); \`limit\` defaults to 50, at most 1000.
\`quickFindCriteria\`: every word must begin a word of one of the quick-find fields.
\`searchCriteria\`: JSON array of find requests \`{ omit, criteria: { field: value } }\` — fields ANDed within a request,
requests applied in order (find adds, omit removes). Values use the FileMaker grammar: \`==x\`, \`=x\`, \`=\`, \`*\`,
\`* @ #\` wildcards, \`"phrase"\`, \`< <= > >=\`, \`a...b\`, \`//\` (today); dates MM/DD/YYYY.
\`sort\`: JSON array of \`{ fieldName, sortOrder: "ascend"|"descend" }\`; ties broken by record id (descending when every key is descending: the ascending order reversed).
An empty found set is 200 with \`data: []\`. Dictionaries are scoped to the signed-in user's parent organisation,
which the session decides.`;

/** The layout's aliases, for the descriptions of the calls that take field names (none: nothing). */
export function aliasesNote(aliases: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(aliases).map(([alias, name]) => `\`${alias}\` for \`${name}\``);
  return pairs.length
    ? `\nIn find criteria and sort a field may also be named by an alias (answers keep the field's own name): ${pairs.join(', ')}.`
    : '';
}

/** `GET /{entity}`, `GET /{entity}/{id}` (singular alias too) and the finds by request body, for every list entity (`ENTITIES`, record-kinds.ts). */
export const recordsRoutes: FastifyPluginAsyncZod<{ records: RecordsService }> = async (app, { records }) => {
  for (const entity of ENTITIES as readonly EntityName[]) {
    const { title, singular } = CATALOGUE[entity];
    const aliases = aliasesNote(records.layout(entity).aliases);
    app.get(
      `/${entity}`,
      {
        ...serializeLayoutBuilt,
        schema: {
          tags: ['records'],
          summary: `List and find ${title}`,
          description: LIST_DESCRIPTION + aliases,
          querystring: listQuerystringSchema,
          response: { 200: listAnswerSchema },
        },
      },
      async (request, reply) => sendAnswer(reply, await records.listAnswer(entity, parseListQuery(request.query), request.user, whileClientWaits(reply))),
    );
    for (const path of new Set([`/${entity}/search`, `/${singular}/search`])) {
      app.post(
        path,
        {
          config: { action: 'records.search' },
          ...serializeLayoutBuilt,
          schema: {
            tags: ['records'],
            summary: `Find ${title} (request body)`,
            description:
              'FileMaker `_find` style: `query` is an array of requests `{ field: value, …, omit?: "true" }` (or `searchCriteria` as in the list call), with optional `sort`, `offset` (1-based) and `limit`. Answers the list shape.' +
              aliases,
            body: searchBodySchema,
            response: { 200: listAnswerSchema },
          },
        },
        async (request, reply) => sendAnswer(reply, await records.listAnswer(entity, parseSearchBody(request.body), request.user, whileClientWaits(reply))),
      );
    }
    for (const path of new Set([`/${entity}/:id`, `/${singular}/:id`])) {
      app.get(
        path,
        {
          ...serializeLayoutBuilt,
          schema: {
            tags: ['records'],
            summary: `One ${singular} with its portals`,
            params: idParams,
            querystring: listQuerystringSchema.pick({ portals: true, scripts: true, 'layout.response': true }),
            response: { 200: recordAnswerSchema },
          },
        },
        async (request, reply) => sendAnswer(reply, await records.recordAnswer(entity, Number(request.params.id), request.user, whileClientWaits(reply))),
      );
    }
  }
};
