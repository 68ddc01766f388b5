import {
  DECLARED_FILE_MAX_BYTES,
  DECLARED_MAX_ITEMS,
  declaredFileQuerySchema,
  declaredInventoryAnswerSchema,
  declaredInventoryBodySchema,
  recordIdParamsSchema,
} from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DeclaredInventoryService } from './declared-inventory.service.ts';


const ITEMS = `Each item: \`ndc\` (as the package writes it; stored 5-4-2) or \`description\`, \`lot\`, \`packages\` (whole, 0–999,999: the full packages), \`packageSize\`, \`partialFill\` (the fill of one more, opened package: 40, "40%" or 0.4). At most ${DECLARED_MAX_ITEMS} items. An NDC the dictionary knows as Schedule I or II is refused: those items are declared by their Form 222's lines.`;
const REFUSALS = 'Needs CREATE_JOB (403). 409 on a locked or final job, or when `modId` is not the declaration\'s (changed since); 404 for an unknown job.';

/** A job's declared inventory (rules/declared-inventory.ts): read, typed, uploaded. */
export const declaredInventoryRoutes: FastifyPluginAsyncZod<{ declared: DeclaredInventoryService }> = async (app, { declared }) => {
  app.get(
    '/job/:id/declared',
    {
      schema: {
        tags: ['jobs'],
        summary: "The job's declared inventory and the Form 222s that count as declared",
        description:
          'The items the client declared for the pickup (in the order listed), who wrote them last and from what (`typed` or the file name), and the Form 222s whose lines count as declared for Schedule I and II: those with items received in this job, and those executed, within their 60 days, on which nothing has been received yet. `modId` is "" while nothing is declared. 404 for an unknown job.',
        params: recordIdParamsSchema,
        response: { 200: declaredInventoryAnswerSchema },
      },
    },
    async (request) => declared.read(Number(request.params.id)),
  );

  app.put(
    '/job/:id/declared',
    {
      config: { action: 'job.declare' },
      schema: {
        tags: ['jobs'],
        summary: "Replace the job's declared inventory with typed items",
        description: `${REFUSALS} ${ITEMS} Empty rows are left out; no items removes the declaration. 422 with every problem of every row ("Row 3: …"); nothing changes then. Sending what is declared changes nothing.`,
        params: recordIdParamsSchema,
        body: declaredInventoryBodySchema,
        response: { 200: declaredInventoryAnswerSchema },
      },
    },
    async (request) => declared.replace(Number(request.params.id), request.body, request.user, request.id),
  );

  app.post(
    '/job/:id/declared/file',
    {
      config: { action: 'job.declare' },
      schema: {
        tags: ['jobs'],
        summary: "Read the job's declared inventory from an xlsx or CSV file",
        description: `${REFUSALS} One file (multipart), an Excel workbook (.xlsx: its first sheet) or CSV, up to ${DECLARED_FILE_MAX_BYTES / (1024 * 1024)} MB (413; 415 for another type). Its first row names the columns (NDC, Description, Lot, Packages, Package Size, Partial Fill; also "Lot Number", "Qty", "Pack Size", "% Fill" and the like; others are left out and listed in \`ignoredColumns\`). \`mode=replace\` (default) replaces the declaration, \`append\` adds the file's items after it. 422 with every problem of every row, named by its row in the sheet; nothing is kept then. ${ITEMS}`,
        params: recordIdParamsSchema,
        querystring: declaredFileQuerySchema,
        response: { 200: declaredInventoryAnswerSchema },
      },
    },
    async (request) => declared.upload(Number(request.params.id), request.query, request, request.user),
  );
};
