import { arcosRequestSchema, reportRequestSchema } from '@3ds/domain';
import { strictBody } from '../../records/body-schemas.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReportsService } from './reports.service.ts';

const reportResponse = z.object({
  data: z.array(z.object({ fieldData: z.object({ Container: z.string() }) })),
  scriptResult: z.string(),
});

const arcosResponse = z.object({
  data: z.array(
    z.object({
      fieldData: z.object({
        Container: z.string(),
        FileName: z.string(),
        Records: z.number().int(),
        Receipts: z.number().int(),
        Destructions: z.number().int(),
        SkippedCount: z.number().int(),
        Skipped: z.array(z.object({ recordId: z.number().int(), jobId: z.number().int(), yellowBucket: z.boolean(), ndc: z.string(), transaction: z.enum(['receipt', 'destruction']), reason: z.string() })),
      }),
    }),
  ),
  scriptResult: z.string(),
});

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/exportReport',
    {
      config: { action: 'report.export' },
      schema: {
        tags: ['reports'],
        summary: 'A job report as export.xlsx',
        description:
          '`excelExport`: every line item of the job (of one container when `containerName` is given; ARCOS-reportable only when `showArcos` is 1: schedule 1, 1N, 2, 2N or 3, or a GHB preparation (drug code 2012), and not removed from ARCOS) with a totals row. `perNdc`: one row per NDC with packages, reporting quantity and grams of base summed. 422 with a message when the registration or job id is missing, the job does not belong to the registration, or the container is not in the job.',
        body: strictBody(reportRequestSchema.shape),
        response: { 200: reportResponse },
      },
    },
    async (request) => reports.export(request.body, request.user, request.id),
  );

  app.post(
    '/reports/arcos',
    {
      config: { action: 'report.export' },
      schema: {
        tags: ['reports'],
        summary: 'The ARCOS file of a period (arcos-YYYYMMDD-YYYYMMDD.txt)',
        description:
          'ARCOS automated transaction records (DEA ARCOS Registrant Handbook section 5: 80 characters, CRLF after each) for the ARCOS-reportable line items (schedule 1, 1N, 2, 2N or 3, or drug code 2012 GHB preparations; not removed from ARCOS): a receipt (P) for each item of a job whose date received is in the period, a destruction (Y) for each item of a job whose date destroyed is in it. `from` and `to` are MM/DD/YYYY, both included. Items that cannot be reported correctly (no associate registration number, a Schedule I/II receipt without its Form 222 number, a quantity that would need a decimal or more than 8 digits) are not written; `Skipped` lists each with its reason. 400 when a date is malformed, From is after To or the period is longer than a year; 409 when our DEA registration number is not in Settings.',
        body: strictBody(arcosRequestSchema.shape),
        response: { 200: arcosResponse },
      },
    },
    async (request) => reports.arcos(request.body, request.user, request.id),
  );
};
