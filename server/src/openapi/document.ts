import { errorCodes, ErrorEnvelope, maxStoredInteger, type ErrorCode } from '@studio/shared';
import { z } from 'zod';
import type { RouteContract } from '@studio/shared/contracts';
import { apiPrefix } from '../http/mount.js';
import type { ServerLimits } from '../plugins/limits.js';
import { conventions } from './conventions.js';
import { headersFor } from './headers.js';
import { requestBodyOf } from './request-bodies.js';
import { tagDescriptions } from './tags.js';
import { isOptional, objectShape, toJsonSchema, type JsonSchema } from './json-schema.js';
import { webhookEntries } from './webhooks.js';

/** Errors any route can answer; a route's own `errors` add to these. */
function commonErrors(route: RouteContract): ErrorCode[] {
  // The HTTP layer's own refusals (URL, headers, slowness) can answer any operation.
  const codes: ErrorCode[] = ['invalid_api_key', 'insufficient_scope', 'request_timeout', 'url_too_long', 'headers_too_large', 'rate_limited', 'internal_error', 'unavailable'];
  if (route.method !== 'GET') codes.push('storage_full');
  if (route.params || route.query || route.body) codes.push('invalid_param', 'missing_field', 'parameter_unknown');
  // Every route but a GET reads a body, one that takes none included: it must be JSON, and an object (D6).
  if (route.method !== 'GET') codes.push('invalid_param', 'invalid_json', 'request_too_large', 'unsupported_media_type');
  if (route.body && takesStoredIntegers(route.body)) codes.push('number_too_large');
  return codes;
}

/** An operation whose body may hold more than the default says so (Limits, in the document's description). */
function bodyLimitNote(route: RouteContract): string | undefined {
  if (route.bodyLimit === undefined) return undefined;
  return `The body may hold ${route.bodyLimit / 1024} KiB (413 \`request_too_large\` above).`;
}

/** Whether a body holds an integer bounded by what the databases store (shared `StoredInteger`). */
function takesStoredIntegers(body: z.ZodType): boolean {
  return JSON.stringify(z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' })).includes(`"maximum":${maxStoredInteger}`);
}

function errorResponses(route: RouteContract): Record<string, JsonSchema> {
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
        headers: headersFor(route, status),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function operation(route: RouteContract, components: Record<string, JsonSchema>): JsonSchema {
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
    description: [route.description, scopes, route.idempotent ? 'Accepts `Idempotency-Key`.' : undefined, bodyLimitNote(route)].filter(Boolean).join('\n\n'),
    tags: [route.tag],
    // Any one scope grants the route: one requirement per scope, as alternatives (OpenAPI 3.1 lists roles for any scheme).
    // One requirement per granting scope, each also listing the scopes every caller needs besides.
    security: route.scopes.length ? route.scopes.map((scope) => ({ bearerAuth: [scope, ...(route.alsoRequires ?? [])] })) : [{ bearerAuth: [] }],
    ...(parameters.length && { parameters }),
    ...(route.body && { requestBody: requestBodyOf(route.body, components) }),
    responses: {
      ...Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          { description: response.description, headers: headersFor(route, Number(status)), content: { 'application/json': { schema: toJsonSchema(response.schema, 'output', components) } } },
        ]),
      ),
      ...errorResponses(route),
    },
  };
}

/** The OpenAPI 3.1 document of the API's contracts, generated from the same zod schemas that validate their routes; it states `limits`. */
export function openApiDocument(routes: readonly RouteContract[], limits: ServerLimits): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  toJsonSchema(ErrorEnvelope, 'output', components);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, components);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Studio check-in API', version: '1.0.0', description: conventions(limits), license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: apiPrefix }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name, description: tagDescriptions[name] })),
    paths,
    webhooks: webhookEntries(components),
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: "`<prefix>_sk_live_<secret>`; an operation's requirement lists the scopes that grant it" } },
      schemas: components,
    },
    'x-error-codes': Object.fromEntries(Object.entries(errorCodes).map(([code, def]) => [code, { ...def }])),
  };
}
