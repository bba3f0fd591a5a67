import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorCodes } from '@parade/core/error-codes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.0.3 reads `nullable: true` as allowing null, but an `enum` still lists every value
 * allowed, so a nullable enum must list null too or a strict client rejects the null we send
 * (`blocked: null` of `GET user/order/{id}/returnable`; an outside audit). The zod converter
 * writes `{nullable: true, enum: [...]}`: null is added to every such list, in place.
 */
export function withNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) withNullInNullableEnums(item);
  } else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum = [...schema.enum, null];
    }
    for (const value of Object.values(schema)) withNullInNullableEnums(value);
  }
  return node;
}

/** The OpenAPI document at /api/openapi.json and a browsable page at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Parade API',
          description:
            'The storefront and merchant API of Parade. Replies use the envelope {status, message?, data} or ' +
            '{status: false, message, code, errors}. `code` is a stable machine-readable reason, one of: ' +
            `${errorCodes.join(', ')} (docs/api-errors.md says when each happens).`,
          version: '0.1.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (document) =>
        'openapiObject' in document ? withNullInNullableEnums(document.openapiObject) : document.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
