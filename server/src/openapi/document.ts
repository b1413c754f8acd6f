import { errorCodes, ErrorEnvelope, type ErrorCode } from '@studio/shared';
import type { RouteSpec } from '../http/route.js';
import { apiPrefix } from '../http/mount.js';
import { conventions } from './conventions.js';
import { isOptional, objectShape, toJsonSchema, type JsonSchema } from './json-schema.js';

/** Errors any route can answer; a route's own `errors` add to these. */
function commonErrors(route: RouteSpec): ErrorCode[] {
  const codes: ErrorCode[] = ['invalid_api_key', 'insufficient_scope', 'rate_limited', 'internal_error', 'unavailable'];
  if (route.method !== 'GET') codes.push('storage_full');
  if (route.params || route.query || route.body) codes.push('invalid_param', 'missing_field', 'parameter_unknown');
  if (route.body) codes.push('invalid_json', 'request_too_large', 'unsupported_media_type');
  return codes;
}

function errorResponses(route: RouteSpec): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...commonErrors(route), ...(route.errors ?? [])])) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `\`${code}\`: ${errorCodes[code].description}`).join(' '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function operation(route: RouteSpec, components: Record<string, JsonSchema>): JsonSchema {
  const parameters = [
    ...Object.entries(objectShape(route.params!)).map(([name, schema]) => ({ name, in: 'path', required: true, schema: toJsonSchema(schema, 'input', components) })),
    ...Object.entries(objectShape(route.query!)).map(([name, schema]) => ({
      name,
      in: 'query',
      required: !isOptional(schema),
      schema: toJsonSchema(schema, 'input', components),
    })),
  ];
  if (route.idempotent) {
    parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } });
  }
  const scopes = route.scopes.length ? `Scope: ${route.scopes.map((s) => `\`${s}\``).join(' or ')}.` : 'Any valid key.';
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, scopes, route.idempotent ? 'Accepts `Idempotency-Key`.' : undefined].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    'x-scopes': route.scopes,
    ...(parameters.length && { parameters }),
    ...(route.body && { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(route.body, 'input', components) } } } }),
    responses: {
      ...Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          { description: response.description, content: { 'application/json': { schema: toJsonSchema(response.schema, 'output', components) } } },
        ]),
      ),
      ...errorResponses(route),
    },
  };
}

/** The OpenAPI 3.1 document of `routes`, generated from the same zod schemas that validate them. */
export function openApiDocument(routes: readonly RouteSpec[]): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  toJsonSchema(ErrorEnvelope, 'output', components);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, components);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Studio check-in API', version: '1.0.0', description: conventions },
    servers: [{ url: apiPrefix }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: '`<prefix>_sk_live_<secret>`' } },
      schemas: components,
    },
    'x-error-codes': Object.fromEntries(Object.entries(errorCodes).map(([code, def]) => [code, { ...def }])),
  };
}
