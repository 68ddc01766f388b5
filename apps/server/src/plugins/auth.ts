import { MESSAGES } from '@3ds/domain';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors/app-error.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { bearerToken } from '../security/bearer-token.ts';
import type { SessionUser } from '../security/session-user.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not marked `config.public`. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** A route anyone may call: login, health, signed file links, the web app's files, the API docs. */
    public?: boolean;
  }
}

/**
 * An `onRoute` hook that marks every route registered in its context (and below) public: for the
 * web app's files and the API viewer, whose routes are made by plugins that take no route config.
 */
export function markRoutesPublic(route: RouteOptions): void {
  route.config = { ...(route.config as object | undefined), public: true };
}

/**
 * Fails closed: every route needs the bearer token of a live session unless the route itself is
 * marked `config.public`. The decision is taken on the route the router matched, never on how the
 * URL is spelt (`/3ds/%61pi/…`, an absolute-form request line, doubled slashes): the router decodes
 * and normalises, so comparing the raw URL with a prefix would let an encoded spelling of a
 * protected route through. A request no route matches goes on to the not-found handler (404).
 * The check runs before body validation, so an anonymous caller learns nothing about a route.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService }) => {
    app.decorateRequest('user', null as unknown as SessionUser);
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      if (request.routeOptions.config?.public === true) return;
      const token = bearerToken(request);
      if (!token) throw unauthorized(MESSAGES.unauthorized);
      request.user = await options.auth.authenticate(token);
    });
  },
  { name: 'auth' },
);
