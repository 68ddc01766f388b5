import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@3ds/domain';
import { notFound } from '../errors/app-error.ts';

/**
 * Serves the built web app at /3ds/ with history routing: any GET under /3ds/ that is not a file
 * and not the API answers index.html, so a reload on a deep link works. `/` redirects to `/3ds/`.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { root: string; apiPrefix: string }) => {
    const built = existsSync(`${options.root}/index.html`);
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) => reply.redirect('/3ds/'));
    if (built) {
      await app.register(fastifyStatic, {
        root: options.root,
        prefix: '/3ds/',
        index: 'index.html',
        wildcard: false,
        // Hashed assets never change; index.html must always be fresh.
        setHeaders: (reply, path) => {
          reply.header('Cache-Control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
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
