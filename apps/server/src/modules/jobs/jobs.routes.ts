import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobsService } from './jobs.service.ts';

const createJobBody = z.object({
  fieldData: z.object({
    _fkRegistration_Record_Number: z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/, 'must be a registration id')]),
    // The length rule is the service's (422 with the spec's message); this only caps the body.
    'Job Name': z.string().max(10_000),
  }),
});
const createdSchema = z.object({ recordId: z.string(), modId: z.string() });

export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobsService }> = async (app, { jobs }) => {
  app.post(
    '/job',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Create a job on a registration',
        description:
          'Needs CREATE_JOB (403). 422 for an empty or over-long name (more than 200 characters) or an expired registration; 404 for an unknown registration. The job takes the registration\'s activity and today as its initiation date. Answers the new record id.',
        body: createJobBody,
        response: { 200: createdSchema },
      },
    },
    async (request) =>
      jobs.create(
        { registrationId: Number(request.body.fieldData._fkRegistration_Record_Number), name: request.body.fieldData['Job Name'] },
        request.user,
        request.id,
      ),
  );
};
