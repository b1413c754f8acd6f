import type { LightMyRequestResponse } from 'fastify';
import { changedTables, type Digest } from '../helpers/database-digest.js';
import { envelopeProblems } from '../helpers/envelope.js';
import { onlyBodyFields, type Mutation } from './mutations.js';
import type { Operation, RequestParts } from './operations.js';

/** Refusals that are kept on purpose: a denied check-in is an audit row (docs/api-decisions.md, Members and check-in), with its event (Events). */
const auditedRefusals = new Set(['checkin_blocked', 'member_not_found']);
/** Business refusals an Idempotency-Key stores for replay (docs/api-decisions.md, Idempotency). */
const storedStatuses = new Set([404, 409, 422]);
const validationCodes = new Set(['invalid_param', 'missing_field', 'parameter_unknown', 'invalid_json']);

/** The tables a refusal with `code` may write: what the API decided to keep, nothing else. */
function writableBy(code: string, status: number, op: Operation, parts: RequestParts): string[] {
  const tables: string[] = [];
  if (auditedRefusals.has(code)) tables.push('checkin_denials', 'events');
  const key = parts.headers['idempotency-key'];
  if (op.idempotent && key !== undefined && key.length >= 1 && key.length <= 255 && storedStatuses.has(status)) tables.push('idempotency_keys');
  return tables;
}

const clip = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && v.length > 120 ? `${v.slice(0, 60)}…(${v.length} chars)` : v));

/**
 * What is wrong with the answer to a fuzzed request, if anything: a 5xx; a refusal outside the
 * envelope or the registry; a refusal that wrote more than the API decided to keep; a success the
 * route does not declare; a body the route's own schema refuses that was not answered 400.
 */
export function judge(op: Operation, parts: RequestParts, mutations: readonly Mutation[], response: LightMyRequestResponse, before: Digest, after: Digest): string[] {
  const status = response.statusCode;
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    problems.push(...envelopeProblems({ status, headers: response.headers, body: response.body }));
    const code = (JSON.parse(response.body) as { error?: { code?: string } }).error?.code ?? '';
    const allowed = writableBy(code, status, op, parts);
    const written = changedTables(before, after).filter((table) => !allowed.includes(table));
    if (written.length) problems.push(`refused with ${code} yet wrote ${written.join(', ')}`);
  } else {
    const declared = op.route.responses[status];
    if (!declared) problems.push(`answered ${status}, which the route does not declare`);
    else {
      const parsed = declared.schema.safeParse(response.json());
      if (!parsed.success) problems.push(`answer breaks the route's response schema: ${parsed.error.issues[0]?.message}`);
    }
  }
  if (op.route.body && onlyBodyFields(mutations) && parts.rawBody === undefined) {
    // What the server parses: JSON drops undefined and turns NaN into null.
    const sent = parts.body === undefined ? {} : (JSON.parse(JSON.stringify(parts.body)) as unknown);
    if (!op.route.body.safeParse(sent).success) {
      const code = status >= 400 ? (JSON.parse(response.body) as { error?: { code?: string } }).error?.code : undefined;
      const refused = (status === 400 && validationCodes.has(code ?? '')) || code === 'request_too_large' || code === 'number_too_large';
      if (!refused) problems.push(`a body its schema refuses was answered ${status} ${code ?? ''}`);
    }
  }
  return problems.map(
    (problem) =>
      `${op.id}: ${problem}\n  request ${clip({ url: parts.route.path, params: parts.params, query: parts.query, headers: parts.headers, body: parts.rawBody ?? parts.body })}\n  answer ${response.body.slice(0, 400)}`,
  );
}
