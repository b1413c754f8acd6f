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

/**
 * A request body's schema written out in place, named parts included: openapi-typescript keeps a
 * defaulted field optional only in a schema it meets under `requestBody`, not in a component.
 */
export function inlineJsonSchema(schema: z.ZodType): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = generated;
  const definitions = ($defs ?? {}) as Record<string, JsonSchema>;
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (value === null || typeof value !== 'object') return value;
    const { $ref, ...others } = value as JsonSchema;
    const named = typeof $ref === 'string' && $ref.startsWith('#/$defs/') ? definitions[$ref.slice('#/$defs/'.length)] : undefined;
    const base = named ? (inline(named) as JsonSchema) : $ref === undefined ? {} : { $ref };
    return { ...base, ...Object.fromEntries(Object.entries(others).map(([key, inner]) => [key, inline(inner)])) };
  };
  return inline(rest) as JsonSchema;
}
