import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './auth.ts';

const DESCRIPTION = `The 3DS API. Responses keep the FileMaker Data API shapes the client reads
(\`data\`, \`dataInfo\`, \`fieldData\`, \`portalData\`); errors are \`{ title, message, code, details? }\`.
Every route but \`POST /login\`, \`GET /health\` and signed file links needs \`Authorization: Bearer <token>\`.`;

/** OpenAPI document at /3ds/api/docs/json and its viewer at /3ds/api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: '3DS API', version: '1.0.0', description: DESCRIPTION },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    // The document and its viewer are public: they describe the API and hold no records.
    await app.register(async (docs) => {
      docs.addHook('onRoute', markRoutesPublic);
      await docs.register(swaggerUi, {
        routePrefix: '/3ds/api/docs',
        uiConfig: { docExpansion: 'list', deepLinking: false },
        staticCSP: true,
      });
    });
  },
  { name: 'openapi' },
);
