import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorCodes } from '@parade/core/error-codes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body of a route that reads it itself (multipart uploads, or JSON and multipart alike),
     * for the OpenAPI document only: Fastify does not validate it, the handler does. Without it
     * such a route had no `requestBody`, and a generated client sent nothing.
     */
    documentedBody?: z.ZodType;
  }
}

/** A file part of a multipart body, as OpenAPI 3.0 names one. */
export const fileField = (description: string) => z.string().meta({ format: 'binary', description });

/** A route's fields (core's schema, as JSON or as multipart text) and the files a multipart body may add. */
export const withFiles = (fields: z.ZodType, files: Record<string, z.ZodType>) =>
  z.intersection(fields, z.object(files));

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

type Schema = Record<string, unknown>;

const isFile = (schema: unknown): boolean => {
  const s = schema as Schema | undefined;
  return s?.format === 'binary' || (s?.type === 'array' && isFile(s.items));
};

/** A body schema as JSON carries it: no file fields, and a field that is a file or text, the text. */
function withoutFiles(schema: Schema): Schema {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const kept: Record<string, Schema> = {};
  for (const [name, field] of Object.entries(properties)) {
    if (isFile(field)) continue;
    const parts = Array.isArray(field.allOf) ? (field.allOf as Schema[]) : null;
    const text = parts?.filter((part) => !isFile(part));
    kept[name] = text && text.length < (parts?.length ?? 0) ? (text.length === 1 ? text[0]! : { allOf: text }) : field;
  }
  const required = Array.isArray(schema.required)
    ? (schema.required as string[]).filter((name) => name in kept)
    : undefined;
  return { ...schema, properties: kept, ...(required ? { required } : {}) };
}

/** A body schema as multipart carries it: a field that is a file or text (its allOf) is either. */
function filesOrText(schema: Schema): Schema {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, field]) =>
      Array.isArray(field.allOf) && (field.allOf as Schema[]).some(isFile)
        ? [name, { anyOf: field.allOf }]
        : [name, field],
    ),
  );
  return { ...schema, properties: fields };
}

/**
 * A route that takes JSON and multipart alike (`withFiles`) is documented with one schema, which
 * @fastify/swagger gives to each content type: JSON then listed the file fields, and an offer's
 * `image` as a text that is also binary. Each type gets its own here: JSON without the files (a
 * field that may be either is its text), multipart with them (either, as `anyOf`).
 */
export function filesOnlyInMultipart<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Schema>> }).paths ?? {};
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const content = (operation?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      const json = content?.['application/json'];
      const multipart = content?.['multipart/form-data'];
      if (!content || !json?.schema || !multipart?.schema) continue;
      // New media objects: the two types may share one.
      content['application/json'] = { ...json, schema: withoutFiles(json.schema) };
      content['multipart/form-data'] = { ...multipart, schema: filesOrText(multipart.schema) };
    }
  }
  return document;
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
      // A route's documentedBody is its body in the document (and nowhere else).
      transform: (args) => {
        const body = (args.route.config as { documentedBody?: z.ZodType } | undefined)?.documentedBody;
        return jsonSchemaTransform(body ? { ...args, schema: { ...args.schema, body } } : args);
      },
      transformObject: (document) =>
        'openapiObject' in document
          ? filesOnlyInMultipart(withNullInNullableEnums(document.openapiObject))
          : document.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
