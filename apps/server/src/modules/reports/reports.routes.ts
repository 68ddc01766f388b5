import { reportRequestSchema } from '@3ds/domain';
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
          '`excelExport`: every line item of the job (of one container when `containerName` is given; ARCOS-reportable only when `showArcos` is 1: schedule 1, 1N, 2, 2N or 3 and not removed from ARCOS) with a totals row. `perNdc`: one row per NDC with packages, reporting quantity and grams of base summed. 422 with a message when the registration or job id is missing, the job does not belong to the registration, or the container is not in the job.',
        body: reportRequestSchema,
        response: { 200: reportResponse },
      },
    },
    async (request) => reports.export(request.body, request.user, request.id),
  );
};
