import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, at /api/docs. */
export const docsPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string; version: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Teamshuffle API',
          description:
            'Every rule of the product is enforced by this API; the web app is one client of it.',
          version: options.version,
        },
        servers: [{ url: options.publicUrl }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs', fastify: '5.x' },
);
