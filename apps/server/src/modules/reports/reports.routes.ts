import { arcosCheckAnswerSchema, arcosReportAnswerSchema, arcosRequestSchema, keptArcosReportsAnswerSchema, reportRequestSchema } from '@3ds/domain';
import { strictBody } from '../../records/body-schemas.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReportsService } from './reports.service.ts';

const reportResponse = z.object({
  data: z.array(z.object({ fieldData: z.object({ Container: z.string() }) })),
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
      config: { action: 'arcos.generate' },
      schema: {
        tags: ['reports'],
        summary: 'Make the ARCOS report of a month or a quarter (kept)',
        description:
          'Needs MANAGE_SETTINGS (403). `period` is a month `YYYY-MM` or a quarter `YYYY-Qn`, as our Settings\' ARCOS Reporting says (21 CFR 1304.33(b)); a finished one. The report (docs/dea-paperwork.md, DEA ARCOS Registrant Handbook): the control record first, then 80-character transaction records, CRLF after each — a receipt (P, associate: the client\'s registration) for each ARCOS-reportable line item of a job received in the period, a destruction (Y, associate: the DEA Regional Number of Settings) for each one destroyed in it; corrections of what earlier reports carried and now reads otherwise (the reported record again with action indicator D, and its record as it now is with I; a transaction entered late is inserted with I); in December or the fourth quarter the year-end inventory (code 3 for each reportable item on hand at the close of December 31, or one code 8 record when none is). Kept (never removed) with who made it and when; making the same period again supersedes the earlier report, which stays listed. Items that cannot be reported correctly are left out; `Skipped` lists each with its reason. 400 for a malformed period, one of the other frequency or one not over yet; 409 when our DEA registration number (or, with destructions to report, the DEA Regional Number) is not in Settings, or a later period is already reported.',
        body: strictBody(arcosRequestSchema.shape),
        response: { 200: arcosReportAnswerSchema },
      },
    },
    async (request) => reports.arcos(request.body, request.user, request.id),
  );

  app.get(
    '/reports/arcos',
    {
      schema: {
        tags: ['reports'],
        summary: 'The ARCOS reports kept',
        description:
          '`frequency` is our ARCOS reporting period (Settings: monthly or quarterly). Every ARCOS report made, newest first (kept two years and more: 3DS never removes one, the hourly clean-up included): its period, what it carried, who made it and when, whether a later report of the same period superseded it, and its download link (15 minutes) in `Container`.',
        response: { 200: keptArcosReportsAnswerSchema },
      },
    },
    async (request) => reports.arcosReports(request.user),
  );

  app.get(
    '/reports/arcos/check',
    {
      schema: {
        tags: ['reports'],
        summary: 'Whether the kept ARCOS reports still say what the records say',
        description:
          "Works out the corrections the next report would carry (a deletion, D, of what a report in force carried that the records now give otherwise — a correction, a deletion, a changed date — and an insertion, I, of what a covered period now holds that no report carried: a late entry, a year-end inventory changed since) and counts them by the report each concerns. A report with `corrections: 0` matches the records; the others are out of date until `nextPeriod`'s report is made. `known: false` (nothing counted) when no report is in force or our DEA registration is not in Settings. Any signed-in user.",
        response: { 200: arcosCheckAnswerSchema },
      },
    },
    async () => reports.arcosCheck(),
  );
};
