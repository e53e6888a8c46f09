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
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return serializerCompiler(route);
  }
}
