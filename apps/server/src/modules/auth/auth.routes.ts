import { loginRequestSchema, loginResponseSchema } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta as meta } from '../../shared/request-meta.ts';
import type { AuthService } from './auth.service.ts';

const okSchema = z.object({ messages: z.array(z.object({ code: z.string(), message: z.string() })) });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; loginRateLimitPerMinute: number }> = async (
  app,
  { auth, loginRateLimitPerMinute },
) => {
  app.post(
    '/login',
    {
      config: {
        action: 'session.login',
        public: true,
        // Per-address throttle on top of the per-username lockout.
        rateLimit: { max: loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['session'],
        summary: 'Sign in',
        description:
          'Answers a bearer token (JWT, HS256) carrying `sub`, `sid`, `access.parentOrganization`, `access.privileges` and `isDataEntryUser: false`; it expires after 8 hours and dies on logout. Five failures for one username within 15 minutes refuse further tries with 429 for 15 minutes. At most eight sign-ins wait for a password check, the newest checked first: when a ninth comes, the one that has waited longest is answered 429 at once (`Retry-After: 2`, not counted as a failure).',
        security: [],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => auth.login(request.body, meta(request)),
  );

  app.post(
    '/logout',
    { config: { action: 'session.logout' }, schema: { tags: ['session'], summary: 'Sign out (revokes the session)', response: { 200: okSchema } } },
    async (request) => {
      await auth.logout(request.user, meta(request));
      return { messages: [{ code: '0', message: 'OK' }] };
    },
  );
};
