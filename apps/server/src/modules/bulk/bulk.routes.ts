import { BULK_ACTIONS, BULK_ENTITIES, BULK_MAX_RECORDS, bulkAnswerSchema, CATALOGUE, isLineItemList, type BulkEntity, recordIdSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { strictBody } from '../../records/body-schemas.ts';
import { findRequestsSchema } from '../../records/find-request.ts';
import type { BulkService } from './bulk.service.ts';

// Ids are int4 in the database: a larger number would fail there, not here.
const idNumber = z.union([z.number().int().positive().max(2_147_483_647, 'must be a record id'), recordIdSchema]);

/** The list's find, as the list call sends it (searchCriteria as JSON text) or as the export body takes it. */
const findSchema = strictBody({
  quickFindCriteria: z.string().max(1000).optional(),
  searchCriteria: z.union([z.string().max(20_000), findRequestsSchema]).optional(),
});

function bodySchema(entity: BulkEntity) {
  const lineItems = isLineItemList(entity);
  return strictBody({
    action: z.enum(BULK_ACTIONS, { message: `action must be one of ${BULK_ACTIONS.map((a) => `"${a}"`).join(', ')}` }),
    ids: z.array(idNumber).optional(),
    find: findSchema.optional(),
    target: (lineItems ? strictBody({ containerId: idNumber }) : strictBody({ jobId: idNumber })).optional(),
    fileType: z.enum(['xlsx', 'pdf'], { message: 'fileType must be "pdf" or "xlsx"' }).optional(),
    dryRun: z.boolean({ message: 'dryRun must be true or false' }).optional(),
  }).superRefine((body, ctx) => {
    if (body.action === 'export' && body.dryRun) ctx.addIssue({ code: 'custom', path: ['dryRun'], message: 'is not for export (nothing is refused record by record)' });
    if ((body.ids === undefined) === (body.find === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'send exactly one of ids (the selected records) and find (the list\'s find)' });
    }
    if (body.action === 'move' && body.target === undefined) ctx.addIssue({ code: 'custom', path: ['target'], message: `is required to move (${lineItems ? '{ containerId }' : '{ jobId }'})` });
    if (body.action !== 'move' && body.target !== undefined) ctx.addIssue({ code: 'custom', path: ['target'], message: 'is only for move' });
    if (body.action === 'export' && body.fileType === undefined) ctx.addIssue({ code: 'custom', path: ['fileType'], message: 'is required to export ("xlsx" or "pdf")' });
    if (body.action !== 'export' && body.fileType !== undefined) ctx.addIssue({ code: 'custom', path: ['fileType'], message: 'is only for export' });
  });
}

const MAX = BULK_MAX_RECORDS.toLocaleString('en-US');

function description(entity: BulkEntity): string {
  const lineItems = isLineItemList(entity);
  const record = lineItems ? 'line-item' : 'container';
  const privileges = lineItems ? 'LOCK_LINE_ITEM, UNLOCK_LINE_ITEM, MOVE_LINE_ITEM, DELETE_LINE_ITEM' : 'LOCK_CONTAINER, UNLOCK_CONTAINER, MOVE_CONTAINER, DELETE_CONTAINER';
  return `Acts on a selection of the list: \`action\` is \`lock\`, \`unlock\`, \`move\`, \`delete\` or \`export\`, each the single action
\`${record}.lock\`, \`.unlock\`, \`.move\`, \`.delete\` of the permission table (export: \`records.export\`; \`bulkActionRule\` in
@3ds/domain). The selection is exactly one of \`ids\` (record ids, digit strings or integers; duplicates ignored) or \`find\`
(\`{ quickFindCriteria, searchCriteria }\`, the list's own find, scoped as the list is: "select all found").
${lineItems ? 'Move takes `target: { containerId }` (another unlocked container of the same job and kind).' : 'Move takes `target: { jobId }` (an unlocked job of the same registration number whose registration has not expired).'}
Export takes \`fileType\` (\`xlsx\` or \`pdf\`) and answers the signed link of the list export of the selection in
\`data[0].fieldData.Container\`${lineItems ? '' : ' (the line items the selected containers hold)'}.

Without the mapped action's privilege (${privileges}) the request is refused with 403 before anything is read. A selection of
more than ${MAX} records, an empty one, neither or both of \`ids\` and \`find\`, or a \`target\`/\`fileType\` the action does not take
answer 400 and change nothing. Otherwise 200: each record is checked as its single action checks it (lock state, own-locked
line items, not found, target rules) and what may be done is done in one transaction, one audit row per record with the
request id; every other record is left as it was and listed in \`refused\` with the code and message its single action
would have answered (\`LOCKED\`, \`NOT_FOUND\`, \`VALIDATION\`, …); a lock refused because line items lack what Form 41 and
ARCOS need (\`INCOMPLETE\`) also lists them in \`incomplete\` (record id, container, NDC, lot and what each lacks). \`done\`
counts the records acted on (exported).

\`dryRun: true\` (lock, unlock, move, delete) answers what the request would do — the same \`done\` and \`refused\`, record
by record, found by the very same checks — and changes nothing (its transaction is rolled back; no audit row, no change
announced). The confirmation of a bulk action reads it to say beforehand how many records will be refused and why.`;
}

/** `POST /{entity}/bulk` for line items, containers and their Yellow Bucket kinds. */
export const bulkRoutes: FastifyPluginAsyncZod<{ bulk: BulkService }> = async (app, { bulk }) => {
  for (const entity of BULK_ENTITIES) {
    app.post(
      `/${entity}/bulk`,
      {
        config: { action: 'records.bulk', bulkEntity: entity },
        schema: {
          tags: ['records'],
          summary: `Lock, unlock, move, delete or export a selection of ${CATALOGUE[entity].title}`,
          description: description(entity),
          body: bodySchema(entity),
          response: { 200: bulkAnswerSchema },
        },
      },
      async (request) => bulk.run(entity, request.body, request.user, request.id),
    );
  }
};
