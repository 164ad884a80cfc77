/**
 * The OpenAPI document at /docs (UI) and /docs/json, generated from the routes' zod schemas.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Back Office API',
        version: '1.0.0',
        description:
          'Success bodies are `{ result }`; lists add the `paging-data` header; errors are `{ message, errors }`. ' +
          'Send `Authorization: Bearer <token>`; login and refresh answer with `authorization` and `refreshtoken` headers.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
