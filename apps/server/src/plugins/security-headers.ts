import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strict Content-Security-Policy: scripts only from our origin, never inline. Styles allow inline
 * attributes because Mantine sets CSS variables on elements. 'wasm-unsafe-eval' lets the camera's
 * barcode reader (WebAssembly served from our origin) compile; it allows no JavaScript eval.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Pictures and documents are served from our own origin to our own pages.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      hsts: false, // set by the TLS-terminating proxy that knows whether HTTPS is in use
    });
  },
  { name: 'security-headers' },
);
