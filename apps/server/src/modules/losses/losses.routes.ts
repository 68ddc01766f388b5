import { lossAnswerSchema, lossReportBodySchema, recordIdParamsSchema, fileLinkAnswerSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LossesService } from './losses.service.ts';


/** A loss's reports and its Form 106 worksheet (rules/losses.ts); the losses are read as a list (`GET /losses`, `GET /loss/{id}`). */
export const lossesRoutes: FastifyPluginAsyncZod<{ losses: LossesService }> = async (app, { losses }) => {
  app.patch(
    '/loss/:id',
    {
      config: { action: 'loss.record-report' },
      schema: {
        tags: ['losses'],
        summary: 'Record when a theft or loss was reported',
        description:
          'Needs LOCK_JOB (403). `noticeSentOn`: the day the written notice went to the DEA Field Division; `form106FiledOn` and `form106Number`: the day the Form 106 was filed and the number DEA gave it (both or neither). Days are MM/DD/YYYY, not after today nor before the discovery; "" clears a day recorded by mistake. 422 with every problem; 409 when `modId` is not the loss\'s; 404 for an unknown loss. Sending what is recorded changes nothing. Answers the loss\'s id and modId.',
        params: recordIdParamsSchema,
        body: lossReportBodySchema,
        response: { 200: lossAnswerSchema },
      },
    },
    async (request) => losses.recordReport(Number(request.params.id), request.body, request.user, request.id),
  );

  app.post(
    '/loss/:id/worksheet',
    {
      config: { action: 'loss.worksheet' },
      schema: {
        tags: ['losses'],
        summary: 'The Form 106 worksheet of a loss',
        description:
          "Needs CREATE_JOB (403). Every field DEA's Form 106 asks, filled with what 3DS knows (the filer — us for a theft, the client for a loss in transit —, the other party, the deadlines and what was done, the item, the circumstances), blank lines for the rest. A download audited with the loss. 404 for an unknown loss; 409 without our registration in Settings. Answers the signed file link in `data[0].fieldData.Container`.",
        params: recordIdParamsSchema,
        response: { 200: fileLinkAnswerSchema },
      },
    },
    async (request) => losses.worksheet(Number(request.params.id), request.user, request.id),
  );
};
