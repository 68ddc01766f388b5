import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@3ds/domain';
import { badRequest, notFound } from '../errors/app-error.ts';
import { markRoutesPublic } from './auth.ts';

/** Hashed assets never change; index.html must always be fresh. */
function cacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('Cache-Control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * The path of a request no route matched, read as leniently as any router might: percent escapes
 * decoded (`%2F` included) and runs of slashes made one, so that no spelling of an API path falls
 * through to the web app.
 */
function normalizedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw).replace(/\/{2,}/g, '/');
  } catch {
    throw badRequest('The request path holds a malformed percent escape.');
  }
}

/**
 * Serves the built web app at /3ds/ with history routing: any GET under /3ds/ that is not a file
 * and not the API answers index.html, so a reload on a deep link works. `/` redirects to `/3ds/`.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string; apiPrefix: string }) => {
    const built = existsSync(`${options.root}/index.html`);
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) => reply.redirect('/3ds/'));
    if (built) {
      // The files' routes are public; they are made in a context of their own so that only they are
      // marked. The root keeps `reply.sendFile` (no routes) for the history fallback below.
      await app.register(fastifyStatic, { root: options.root, serve: false, setHeaders: cacheHeaders });
      await app.register(async (files) => {
        files.addHook('onRoute', markRoutesPublic);
        await files.register(fastifyStatic, {
          root: options.root,
          prefix: '/3ds/',
          index: 'index.html',
          wildcard: false,
          decorateReply: false,
          setHeaders: cacheHeaders,
        });
      });
    }
    app.setNotFoundHandler((request, reply) => {
      // Decoded as the router decodes: `/3ds/%61pi/nothing` is an API path too, answered 404 in JSON
      // rather than with the web app.
      const path = normalizedPath(request.url);
      if (path.startsWith(options.apiPrefix) || path === options.apiPrefix.slice(0, -1)) {
        throw notFound(`There is no API route ${request.method} ${path}.`);
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && (path === '/3ds' || path.startsWith('/3ds/'))) {
        if (!built) {
          return reply
            .status(503)
            .type('text/plain')
            .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
        }
        if (path === '/3ds') return reply.redirect('/3ds/');
        if (/\/assets\//.test(path)) throw notFound(MESSAGES.notFound);
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      throw notFound(MESSAGES.notFound);
    });
  },
  { name: 'web-app' },
);
