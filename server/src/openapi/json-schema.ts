import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema 2020-12 (the dialect of OpenAPI 3.1) for a zod schema. Named schemas
 * (`.meta({ id })`) are hoisted into `components` and referenced, once each.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = generated;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) components[name] ??= rewriteRefs(definition);
  return rewriteRefs(rest);
}

function rewriteRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

/** A query or path parameter is optional when the schema accepts its absence (optional or defaulted). */
export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

export function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
}
