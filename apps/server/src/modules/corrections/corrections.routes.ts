import { CORRECTION_REASON_MAX, correctionsAnswerSchema, entitiesOf, recordKind, recordIdSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CorrectionsService } from './corrections.service.ts';

const id = z.number().int().positive().max(999_999_999);

const requestBody = z
  .object({
    jobId: id.optional(),
    lineItemId: id.optional(),
    field: z.string().max(60),
    value: z.string().max(200),
    reason: z.string().max(CORRECTION_REASON_MAX * 2),
  })
  .strict()
  .refine((b) => (b.jobId === undefined) !== (b.lineItemId === undefined), { message: 'Name either the job (jobId) or the line item (lineItemId) to correct, not both.' });
const decisionBody = z.object({ note: z.string().max(CORRECTION_REASON_MAX * 2).optional() }).strict();

const RULES =
  'A correction is how a final job (destroyed, its Form 41 generated, or its line items reported to ARCOS) changes: it names the field, the value it held, the value it gets and why; a second person approves it (and it is applied then, in the same transaction) or rejects it. Corrections are never deleted or rewritten.';

/** Corrections of final records (rules/corrections.ts). */
export const correctionsRoutes: FastifyPluginAsyncZod<{ corrections: CorrectionsService }> = async (app, { corrections }) => {
  app.get(
    '/job/:id/corrections',
    {
      schema: {
        tags: ['corrections'],
        summary: "The corrections of a job and of its line items",
        description: `${RULES} Newest first, pending, applied and rejected alike. 404 for an unknown job.`,
        params: z.object({ id: recordIdSchema }),
        response: { 200: correctionsAnswerSchema },
      },
    },
    async (request) => corrections.list({ jobId: Number(request.params.id) }),
  );

  for (const segment of entitiesOf('line-item').map((entity) => recordKind(entity).singular)) {
    app.get(
      `/${segment}/:id/corrections`,
      {
        schema: {
          tags: ['corrections'],
          summary: `The corrections of a ${segment === 'line-item' ? '' : 'Yellow Bucket '}line item`,
          description: `${RULES} Newest first. 404 for an unknown line item.`,
          params: z.object({ id: recordIdSchema }),
          response: { 200: correctionsAnswerSchema },
        },
      },
      async (request) => corrections.list({ lineItemId: Number(request.params.id) }),
    );
  }

  app.post(
    '/corrections',
    {
      config: { action: 'correction.request' },
      schema: {
        tags: ['corrections'],
        summary: 'Ask for a correction of a final record',
        description: `${RULES} \`lineItemId\` with a field of Pack Quantity, Pack Size, Percent Fill (a percent), Lot Number, Expiration Date (MM/DD/YYYY, blank clears it); or \`jobId\` with Date Received or Date Destroyed (MM/DD/YYYY). Needs CREATE_LINE_ITEM (403). 422 for an unknown field, a value the field cannot take, the value the record holds already, or a missing reason (at most ${CORRECTION_REASON_MAX} characters); 409 when the job is not final (change the record itself instead); 404 for an unknown record. Answers the pending correction (201).`,
        body: requestBody,
        response: { 201: correctionsAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return corrections.request(request.body, request.user, request.id);
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/correction/:id/${decision}`,
      {
        config: { action: 'correction.approve' },
        schema: {
          tags: ['corrections'],
          summary: decision === 'approve' ? 'Approve a correction: it is applied' : 'Reject a correction',
          description:
            decision === 'approve'
              ? `Applies the correction to its record in the same transaction (with the same checks as an edit; the record's history says "Corrected"), and records who approved it and when. Needs APPROVE_CORRECTION (403) and another user than the one who asked (403). 409 when it is decided already, or the record no longer holds the value it was asked of (reject it and ask again); 422 when the record's rules refuse the new value; 404 for an unknown correction. \`note\` is kept with the decision.`
              : `Records who rejected the correction, when, and why (\`note\`); the record stays as it is. Needs APPROVE_CORRECTION (403) and another user than the one who asked (403). 409 when it is decided already; 404 for an unknown correction.`,
          params: z.object({ id: recordIdSchema }),
          body: decisionBody.optional(),
          response: { 200: correctionsAnswerSchema },
        },
      },
      async (request) => corrections.decide(Number(request.params.id), decision, request.body?.note, request.user, request.id),
    );
  }
};
