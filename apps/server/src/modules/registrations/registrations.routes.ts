import { recordIdParamsSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationsService } from './registrations.service.ts';

export const registrationsRoutes: FastifyPluginAsyncZod<{ registrations: RegistrationsService }> = async (app, { registrations }) => {
  app.post(
    '/registration/:id/upload',
    {
      config: { action: 'registration.upload-picture' },
      schema: {
        tags: ['registrations'],
        summary: 'Replace the registration picture',
        description:
          'multipart/form-data with exactly one file: an image (PNG, JPEG, GIF or WebP, decided from the bytes) of at most 0.5 MB. Needs UPDATE_REGISTRATION (403). 413 when larger, 415 when not an image ("You may only upload images"), 400 for no file or several. Answers the updated record.',
        params: recordIdParamsSchema,
        querystring: z.object({ field: z.literal('Registration_Picture', { message: 'field must be Registration_Picture' }) }),
      },
    },
    async (request) => registrations.uploadPicture(Number(request.params.id), request, request.user),
  );
};
