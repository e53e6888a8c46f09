/**
 * Responses written by a serializer compiled once per route from the contract's response schema
 * (fast-json-stringify), instead of zod checking every answer before JSON.stringify
 * (docs/decisions/240). The app's tests keep zod's checking serializer, so every answer they read is
 * still checked against the contract; production pays for the shape once, at startup. A schema that
 * has no JSON Schema form (a transform, `undefined`) keeps zod's serializer.
 */
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof serializerCompiler;

export const compiledSerializerCompiler: SerializerCompiler = (route) => {
  // Compiled at a route's first answer, not at startup: building every route's serializer at once
  // took seconds of the boot.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compile(route))(data);
};

function compile(route: Parameters<SerializerCompiler>[0]): (data: unknown) => string {
  const { schema } = route;
  if (!(schema instanceof z.ZodType)) return serializerCompiler(route);
  try {
    const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(nullableAsTypes(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return serializerCompiler(route);
  }
}

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` — how zod writes `X.nullable()` — as `X` with `type: [X's type, 'null']`
 * (docs/decisions/287). fast-json-stringify picks an anyOf branch by validating the value against
 * each branch with ajv, every call: a nullable date-time was checked against its format and pattern
 * on every row. A type list is picked by `typeof`, and the chosen type written as before (a date-time
 * still by its format). The contract's checking is the tests' serializer's, not this one's.
 */
export function nullableAsTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypes);
  if (typeof schema !== 'object' || schema === null) return schema;
  const entries = Object.entries(schema as JsonSchema).map(([key, value]) => [key, nullableAsTypes(value)] as const);
  const node: JsonSchema = Object.fromEntries(entries);
  const options = node['anyOf'];
  if (!Array.isArray(options) || options.length !== 2 || Object.keys(node).length !== 1) return node;
  const nullAt = options.findIndex((option) => isJustNull(option));
  const other = options[1 - nullAt] as JsonSchema | undefined;
  if (nullAt < 0 || !other || typeof other['type'] !== 'string' || 'anyOf' in other || 'oneOf' in other || '$ref' in other) return node;
  return { ...other, type: [other['type'], 'null'] };
}

function isJustNull(option: unknown): boolean {
  return typeof option === 'object' && option !== null && Object.keys(option).length === 1 && (option as JsonSchema)['type'] === 'null';
}
