import { confirmWitnessBodySchema, WITNESS_ROLES, withdrawWitnessBodySchema, witnessesAnswerSchema, recordIdParamsSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../shared/request-meta.ts';
import type { WitnessesService } from './witnesses.service.ts';

const roleParams = recordIdParamsSchema.extend({ role: z.enum(WITNESS_ROLES, { message: `must be one of ${WITNESS_ROLES.join(', ')}` }) });

/** A job's witnesses, who confirm for themselves (rules/witnesses.ts). */
export const witnessesRoutes: FastifyPluginAsyncZod<{ witnesses: WitnessesService; rateLimitPerMinute: number }> = async (app, { witnesses, rateLimitPerMinute }) => {
  app.get(
    '/job/:id/witnesses',
    {
      schema: {
        tags: ['jobs'],
        summary: "A job's witnesses and their confirmations",
        description:
          "The transfer and destruction witnesses (`transfer-1`, `transfer-2`, `destruction-1`, `destruction-2`), each `confirmed` (a confirmation holds: the line the Form 41 and the certificate print), `void` (withdrawn, or what it attests changed since: the reason), `typed` (a name from before witnesses confirmed for themselves) or `empty`, and whether a witness may confirm now; `fixed` once the job's Form 41 printed them (none is withdrawn then); every confirmation the job has had. 404 for an unknown job.",
        params: recordIdParamsSchema,
        response: { 200: witnessesAnswerSchema },
      },
    },
    async (request) => witnesses.read(Number(request.params.id)),
  );

  app.post(
    '/job/:id/witnesses/:role',
    {
      // A password is checked here: the sign-in's per-address throttle, on top of the per-username lockout.
      config: { action: 'job.confirm-witness', rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['jobs'],
        summary: 'A witness confirms, with their own password',
        description:
          "Whoever is signed in needs CREATE_JOB (403); the witness types their own `username` and `password`, checked as a sign-in is (a wrong one counts towards the username's lockout: 429 while locked out). The confirmation keeps the witness, when, the address and browser it came from and who was signed in, and writes the witness's name on the destruction record. 422: the username and password do not match, the account is disabled, Date Transferred (a transfer witness) or Date Destroyed (a destruction witness) is not on record, or the other witness of the kind is the same person; 409: the role's confirmation holds (withdraw it first; once the job's Form 41 printed the witnesses none is withdrawn, and one whose confirmation is void since confirms again); 404 for an unknown job. Locked or not. Answers the witnesses.",
        params: roleParams,
        body: confirmWitnessBodySchema,
        response: { 200: witnessesAnswerSchema },
      },
    },
    async (request) =>
      witnesses.confirm(Number(request.params.id), request.params.role, request.body, request.user, requestMeta(request)),
  );

  app.post(
    '/job/:id/witnesses/:role/withdraw',
    {
      config: { action: 'job.withdraw-witness' },
      schema: {
        tags: ['jobs'],
        summary: "Withdraw a witness's confirmation",
        description:
          "Needs CREATE_JOB (403) and a `reason` (up to 500 characters). The confirmation stays on record, void, with the reason and who withdrew it; the witness's name leaves the destruction record (a typed name from before confirmations is withdrawn alike). 422 when the role has neither a confirmation nor a name; 409 once the job's Form 41 printed its witnesses; 404 for an unknown job. Answers the witnesses.",
        params: roleParams,
        body: withdrawWitnessBodySchema,
        response: { 200: witnessesAnswerSchema },
      },
    },
    async (request) => witnesses.withdraw(Number(request.params.id), request.params.role, request.body, request.user, request.id),
  );
};
