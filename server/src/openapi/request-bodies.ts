import { z } from 'zod';
import { inlineJsonSchema, type JsonSchema } from './json-schema.js';

/**
 * A route's request body, written out in place: openapi-typescript keeps a defaulted field
 * optional only in a schema it meets under `requestBody`, not in a component. An empty body counts
 * as `{}`, so where `{}` is valid the body may be left out.
 *
 * A named body (zod `.meta({ id })`) keeps its name in `components.schemas` as well, the same
 * schema: a client generated when bodies were components (`components['schemas']['BookingCreate']`)
 * still compiles (docs/api-changelog.md, 2026-11-25). No operation refers to it, on purpose.
 */
export function requestBodyOf(body: z.ZodType, schemas: Record<string, JsonSchema>): JsonSchema {
  const schema = inlineJsonSchema(body);
  const name = bodyName(body);
  if (name !== undefined) {
    if (schemas[name] !== undefined && JSON.stringify(schemas[name]) !== JSON.stringify(schema)) throw new Error(`The body ${name} is named like another schema: give it a name of its own.`);
    schemas[name] = schema;
  }
  return { required: !body.safeParse({}).success, content: { 'application/json': { schema } } };
}

/** The name a body's zod schema gives itself (`.meta({ id })`), if any. */
export const bodyName = (body: z.ZodType): string | undefined => z.globalRegistry.get(body)?.id;
