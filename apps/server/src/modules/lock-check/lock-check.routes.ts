import { CATALOGUE, ENTITIES, lockCheckAnswerSchema, RECORD_KINDS, recordKind, type EntityName, recordIdParamsSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LockCheckService, LockCheckTarget } from './lock-check.service.ts';

/** The record kinds that lock (record-kinds.ts). */
const TARGETS: (LockCheckTarget & { entity: EntityName })[] = ENTITIES.filter((entity) => RECORD_KINDS[entity].lockable).map((entity) => {
  const { family, kind, one } = recordKind(entity);
  return { entity, record: family, ...(kind ? { kind } : {}), noun: one } as LockCheckTarget & { entity: EntityName };
});

/** `GET /{job|container|yb-container|line-item|yb-line-item}/{id}/lock-check` (plural segments too). */
export const lockCheckRoutes: FastifyPluginAsyncZod<{ lockCheck: LockCheckService }> = async (app, { lockCheck }) => {
  for (const target of TARGETS) {
    const { singular, entity } = CATALOGUE[target.entity];
    for (const segment of [singular, entity]) {
      app.get(
        `/${segment}/:id/lock-check`,
        {
          schema: {
            tags: ['locks'],
            summary: `What keeps a ${singular} from being locked`,
            description: `The line items of the ${target.noun}${target.record === 'line-item' ? ' (itself)' : target.record === 'job' ? ' (standard and Yellow Bucket)' : ''} that lack what DEA Form 41 and ARCOS need — pack quantity and size, a bulk item's weight, a Schedule I/II item's Form 222 number, a quantity ARCOS can write — each with its container, NDC, lot and what it lacks; \`incomplete: []\` when nothing does. The lock (PATCH …/lock/{id}) makes the same check and answers 409 \`INCOMPLETE\` with the same list. Any signed-in user; 404 for an unknown record.`,
            params: recordIdParamsSchema,
            response: { 200: lockCheckAnswerSchema },
          },
        },
        async (request) => lockCheck.check(target, Number(request.params.id)),
      );
    }
  }
};
