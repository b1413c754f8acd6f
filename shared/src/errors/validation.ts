import { ApiError } from './api-error.js';
import type { z } from 'zod';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The largest integer both databases store: Postgres keeps amounts and counts in `integer` (int4)
 * columns, SQLite in 64-bit ones. Every integer a route takes states it as its maximum at most
 * (schemas/common.ts `StoredInteger`), so Postgres never refuses what SQLite took (issue 30, N13).
 */
export const maxStoredInteger = 2_147_483_647;

/**
 * Maps the first zod issue to the decided codes (for the API and the agent's local API alike): unknown field 400 `parameter_unknown`, absent
 * required field 400 `missing_field`, wrong type or format 400 `invalid_param`, a number above what the databases
 * store 422 `number_too_large`; `param` names it.
 */
export function toApiError(error: z.ZodError, input: unknown, paramPrefix = ''): ApiError {
  const issue = error.issues[0]!;
  const param = (segments: readonly PropertyKey[]) => paramPrefix + segments.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const name = param([...issue.path, issue.keys[0]!]);
    return new ApiError('parameter_unknown', `Unknown parameter: ${name}.`, { param: name });
  }
  const name = param(issue.path);
  if (issue.code === 'too_big' && issue.origin === 'number' && Number(issue.maximum) === maxStoredInteger) {
    return new ApiError('number_too_large', `${name || 'A number'} is larger than the server stores: at most ${maxStoredInteger}.`, name ? { param: name } : {});
  }
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
    return new ApiError('missing_field', `Missing required parameter: ${name}.`, { param: name });
  }
  return new ApiError('invalid_param', `Invalid ${name || 'request'}: ${issue.message}.`, name ? { param: name } : {});
}

/** NUL (Postgres cannot store it) or a lone surrogate (it would be stored as U+FFFD, not as sent). */
const unstorable = /[\u0000\p{Cs}]/u;

/** The path of the first string in `value` that a database could not store as sent, if any. */
function unstorableText(value: unknown, path: readonly PropertyKey[] = []): readonly PropertyKey[] | null {
  if (typeof value === 'string') return unstorable.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, paramPrefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw toApiError(result.error, input, paramPrefix);
  const bad = unstorableText(result.data);
  if (bad) {
    const name = paramPrefix + bad.map(String).join('.');
    throw new ApiError('invalid_param', `Invalid ${name}: text must be valid Unicode without NUL characters.`, { param: name });
  }
  return result.data;
}

/**
 * A request body as sent: none counts as `{}`, and anything but a JSON object (an array, `null`, a
 * number, a string, a boolean) is 400 `invalid_param` with `param: "body"`, as the code always names
 * what is wrong. A route that takes no body holds this too, so the rule has no exception.
 */
export function objectBody(body: unknown): object {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('invalid_param', 'The request body must be a JSON object: send its fields between { and }.', { param: 'body' });
  }
  return body;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return parseWith(schema, objectBody(body));
}
