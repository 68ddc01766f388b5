import { CATALOGUE, ENTITIES, RECORD_KINDS, recordKind, historyQuerySchema, historyResponseSchema, recordIdParamsSchema, recordIdSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HistoryService, HistoryTarget } from './history.service.ts';

/** The record kinds that keep a history (record-kinds.ts). */
const TARGETS: HistoryTarget[] = ENTITIES.filter((entity) => RECORD_KINDS[entity].history).map((entity) => {
  const { family, kind } = recordKind(entity);
  return { entity, record: family, ...(kind ? { kind } : {}) } as HistoryTarget;
});

const DESCRIPTION: Record<HistoryTarget['record'], string> = {
  job: "The job's own changes (`own: true`) and its containers' arrivals and departures: created in it, moved in or out, deleted, moved to the Yellow Bucket (`own: false`, with the container's `entity` and `recordIdSchema`).",
  container:
    "The container's own changes; a Yellow Bucket container made by a move to the Yellow Bucket starts with that move. A deleted container (or a standard one moved to the Yellow Bucket) keeps its history, which ends with the deletion, and answers `deleted: true`.",
  'line-item':
    "The line item's own changes, and its containers' locks, unlocks, moves and deletions that carried it along (`own: false`). A deleted line item, on its own or with its container, keeps its history and answers `deleted: true`.",
};

/** `GET /{job|container|yb-container|line-item|yb-line-item}/{id}/history` (plural segments too). */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  for (const target of TARGETS) {
    const { singular, entity } = CATALOGUE[target.entity];
    for (const segment of [singular, entity]) {
      app.get(
        `/${segment}/:id/history`,
        {
          schema: {
            tags: ['history'],
            summary: `The history of a ${singular}: who changed what and when`,
            description: `${DESCRIPTION[target.record]} Newest first; \`offset\` is 1-based (absent = 1), \`limit\` 1–100 (default 20); \`total\` counts every entry. Any signed-in user who may open the record may read its history; 404 otherwise. Each entry says its action in words (\`summary\`) and lists its field changes with the labels and value formats of the screens.`,
            params: recordIdParamsSchema,
            querystring: historyQuerySchema,
            response: { 200: historyResponseSchema },
          },
        },
        async (request) => history.history(target, Number(request.params.id), request.query, request.user),
      );
    }
  }
};
