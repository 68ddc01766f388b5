import { reconciliationAnswerSchema, resolveDiscrepancyBodySchema, RESOLUTION_REASONS, recordIdParamsSchema, fileLinkAnswerSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReconciliationService } from './reconciliation.service.ts';


/** A job's receiving reconciliation (rules/reconciliation.ts): read, resolved line by line, printed for the client. */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ reconciliation: ReconciliationService }> = async (app, { reconciliation }) => {
  app.get(
    '/job/:id/reconciliation',
    {
      schema: {
        tags: ['jobs'],
        summary: 'What the client declared, held against what arrived',
        description:
          "Per NDC and lot (Form 222 lines per line): declared and received packages (pack quantity × % fill), matched, short, over or not declared; whether a difference is of a controlled substance, its resolution when one still holds, and whether it is open (a controlled difference without one: it keeps the job from being locked). `declared: false` and no lines for a job without a declared inventory. 404 for an unknown job.",
        params: recordIdParamsSchema,
        response: { 200: reconciliationAnswerSchema },
      },
    },
    async (request) => reconciliation.read(Number(request.params.id)),
  );

  app.post(
    '/job/:id/reconciliation/resolve',
    {
      config: { action: 'job.resolve-discrepancy' },
      schema: {
        tags: ['jobs'],
        summary: 'Resolve a difference between what was declared and what arrived',
        description: `Needs LOCK_JOB (403); 409 on a locked or final job. \`key\` names the line, \`declared\` and \`received\` are its packages as shown: 409 when they changed since. \`reason\`: ${RESOLUTION_REASONS.join(', ')}; \`note\` (up to 500 characters) is needed for client-error-confirmed (which written confirmation). 422 for a line the job does not have, a line that matches, or a missing note. Resolving a line again replaces its resolution; a resolution holds only while the line's packages stay as they were. Answers the reconciliation.`,
        params: recordIdParamsSchema,
        body: resolveDiscrepancyBodySchema,
        response: { 200: reconciliationAnswerSchema },
      },
    },
    async (request) => reconciliation.resolve(Number(request.params.id), request.body, request.user, request.id),
  );

  app.post(
    '/job/:id/reconciliation/pdf',
    {
      config: { action: 'job.reconciliation-pdf' },
      schema: {
        tags: ['jobs'],
        summary: "The reconciliation's PDF, for the client",
        description:
          'Needs CREATE_JOB (403). Our registration (Settings: 409 when missing), the client, the job, and every line of the reconciliation with its result and resolution. A download (removed with the exports), audited in the job\'s history. 404 for an unknown job. Answers the signed file link, valid for 15 minutes, in `data[0].fieldData.Container`.',
        params: recordIdParamsSchema,
        response: { 200: fileLinkAnswerSchema },
      },
    },
    async (request) => reconciliation.pdf(Number(request.params.id), request.user, request.id),
  );
};
