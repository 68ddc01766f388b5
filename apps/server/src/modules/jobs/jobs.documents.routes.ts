import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generatedDocumentsAnswerSchema, recordIdSchema } from '@3ds/domain';
import { z } from 'zod';
import type { JobDocumentsService } from './jobs.documents.service.ts';

const fileLinkSchema = z.object({
  data: z.array(z.object({ fieldData: z.object({ Container: z.string() }) })),
  scriptResult: z.string(),
});

const REFUSALS =
  '404 for an unknown job; 409 when the job has no line items, when our registration is not entered in Settings ("Enter our registration in Settings first"), when the job is not locked, and when it lacks its destruction date, disposal method, destruction facility and address or either destruction witness (`details` lists what is missing) or a line item\'s quantity cannot be worked out (code `INCOMPLETE`, each such line item in `incomplete` with its container, NDC, lot and what it lacks).';

export const jobDocumentsRoutes: FastifyPluginAsyncZod<{ documents: JobDocumentsService }> = async (app, { documents }) => {
  app.get(
    '/job/:id/documents',
    {
      schema: {
        tags: ['jobs'],
        summary: "The job's generated Form 41 and Certificates of Destruction",
        description:
          'Every final DEA Form 41 and Certificate of Destruction generated for the job, newest first: who generated it and when, its signed link (15 minutes), whether a later generation (after an unlock and a new lock) superseded it, and — for the current one of each — whether it is out of date: the figures it printed (rows, totals, destruction record, received date, late reason, parties) differ from what the job’s records give now, so it should be generated again. Nothing generated is ever removed. 404 for an unknown job.',
        params: z.object({ id: recordIdSchema }),
        response: { 200: generatedDocumentsAnswerSchema },
      },
    },
    async (request) => documents.generated(Number(request.params.id), request.user),
  );

  app.post(
    '/job/:id/documents/:documentId/signed-copy',
    {
      config: { action: 'job.attach-signed-copy' },
      schema: {
        tags: ['jobs'],
        summary: 'Keep the signed copy of a generated Form 41 or certificate beside it',
        description:
          'multipart/form-data with one file: the printed document signed (a PDF or an image — a scan or a photo — up to 10 MB; its type read from the bytes, 415 otherwise, 413 when larger). Kept beside the generated version `documentId` it signs (`GET /job/{id}/documents` lists it under `Signed Copies`), never in the generated slot and never replacing anything; several may be kept. Needs CREATE_JOB (403); the job may be locked. 404 when the job has no such generated document. Answers the job\'s generated documents.',
        params: z.object({ id: recordIdSchema, documentId: recordIdSchema }),
        response: { 200: generatedDocumentsAnswerSchema },
      },
    },
    async (request) => documents.attachSignedCopy(Number(request.params.id), Number(request.params.documentId), request, request.user),
  );

  app.post(
    '/job/:id/documents/form-41',
    {
      config: { action: 'job.form-41' },
      schema: {
        tags: ['jobs'],
        summary: 'Generate the DEA Form 41 of a job',
        description: `Form DEA-41 (OMB 1117-0007) from the job's standard and Yellow Bucket line items, our registration (Settings) and the job's destruction record; see docs/form-41.md. Needs CREATE_JOB (403). The final form needs a locked job: it is stored in the job's "41 Insert" document slot (an earlier file stays on record; the slot shows the new one) with an audit row. \`?draft=1\` asks for the draft instead, for a job in any state: the same document marked DRAFT on every page, blanks where the job's destruction record is not filled in, downloaded only (removed with the exports). ${REFUSALS} Answers the signed file link, valid for 15 minutes, in \`data[0].fieldData.Container\`.`,
        params: z.object({ id: recordIdSchema }),
        querystring: z.object({ draft: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: fileLinkSchema },
      },
    },
    async (request) =>
      documents.form41(Number(request.params.id), { draft: request.query.draft === '1' || request.query.draft === 'true' }, request.user, request.id),
  );

  app.post(
    '/job/:id/documents/certificate',
    {
      config: { action: 'job.certificate' },
      schema: {
        tags: ['jobs'],
        summary: 'Generate the Certificate of Destruction of a job',
        description: `The certificate the client receives: the job's company and registration, the items destroyed and their totals per schedule, the date, method, facility and witnesses of the destruction, our registration and a signature block. Needs CREATE_JOB (403) and a locked job; stored in the job's "Certificate of Destruction" document slot with an audit row (an earlier file stays on record). ${REFUSALS} Answers the signed file link, valid for 15 minutes, in \`data[0].fieldData.Container\`.`,
        params: z.object({ id: recordIdSchema }),
        response: { 200: fileLinkSchema },
      },
    },
    async (request) => documents.certificate(Number(request.params.id), request.user, request.id),
  );
};
