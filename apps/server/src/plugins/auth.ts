import { MESSAGES } from '@3ds/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors/app-error.ts';
import type { AuthService, SessionUser } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not marked `config.public`. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** A route anyone may call: login, health, signed file links. */
    public?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Every API route needs the bearer token of a live session unless its config says `public: true`.
 * The check runs before body validation, so an anonymous caller learns nothing about a route.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService; prefix: string; publicPrefixes: string[] }) => {
    app.decorateRequest('user', null as unknown as SessionUser);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith(options.prefix)) return;
      if (request.routeOptions.config?.public || !request.routeOptions.url) return;
      if (options.publicPrefixes.some((p) => request.url.startsWith(p))) return;
      const token = bearerToken(request);
      if (!token) throw unauthorized(MESSAGES.unauthorized);
      request.user = await options.auth.authenticate(token);
    });
  },
  { name: 'auth' },
);
