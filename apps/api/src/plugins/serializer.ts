import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Shapes zod's JSON Schema for fast-json-stringify:
 * - drops `additionalProperties: false`: fast-json-stringify writes only the declared
 *   properties anyway (so unknown keys are dropped, as zod strips them), and without it a
 *   union branch is still chosen when the value carries extra keys, as zod would;
 * - `anyOf: [{type: X}, {type: 'null'}]` of plain scalars becomes `type: [X, 'null']`, which
 *   is written without running a validator to pick the branch.
 */
function tune(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tune);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, tune(inner)]));
    } else {
      out[key] = typeof value === 'object' ? tune(value) : value;
    }
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && Object.keys(out).length === 1) {
    const scalars = ['string', 'number', 'integer', 'boolean', 'null'];
    const simple = anyOf.every(
      (branch) => isObject(branch) && Object.keys(branch).length === 1 && scalars.includes(branch.type as string),
    );
    if (simple) return { type: anyOf.map((branch) => (branch as JsonSchema).type) };
  }
  return out;
}

/**
 * The reply schema as fast-json-stringify's compiled writer, or null when zod cannot say it in
 * JSON Schema exactly (transforms, dates, custom checks): such a route keeps the validating
 * serialiser.
 */
export function compileReplyWriter(schema: ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', cycles: 'ref' });
    const { $schema: _ignored, ...rest } = json as JsonSchema;
    return fastJson(tune(rest) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/**
 * `validating`: every reply is checked against its zod schema before it leaves (tests and
 * development: a reply that breaks the contract fails loudly). `compiled`: written by
 * fast-json-stringify from the same schema, without checking (production: large replies
 * cost a fraction). Both write the same bytes for a valid reply (serializer.test.ts).
 */
export function serializerCompilerFor(
  mode: 'validating' | 'compiled',
  /** Told about each reply schema that keeps the validating writer in compiled mode. */
  onFallback?: (route: { method: string; url: string; httpStatus?: string }) => void,
): FastifySerializerCompiler<ZodType> {
  if (mode === 'validating') return validatingSerializerCompiler as FastifySerializerCompiler<ZodType>;
  return (route) => {
    const schema = route.schema as unknown;
    const writer = schema instanceof z.ZodType ? compileReplyWriter(schema) : null;
    if (writer) return writer;
    onFallback?.({ method: route.method, url: route.url, httpStatus: route.httpStatus });
    return validatingSerializerCompiler(route as never) as (data: unknown) => string;
  };
}

/**
 * The writer of one reply schema as the route's serialiser would write it, for a handler that
 * keeps its reply's JSON text (content's home page): `compiled` mode's fast-json-stringify writer
 * or `validating` mode's check-then-stringify, so both modes keep sending the same bytes.
 */
export function replyWriterFor(mode: 'validating' | 'compiled', schema: ZodType): (data: unknown) => string {
  const writer = mode === 'compiled' ? compileReplyWriter(schema) : null;
  if (writer) return writer;
  return (validatingSerializerCompiler as (route: unknown) => (data: unknown) => string)({
    schema,
    method: 'GET',
    url: '(kept reply)',
  });
}
