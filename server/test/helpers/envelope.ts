import { errorCodes, isErrorCode } from '@studio/shared';
import { expect } from 'vitest';

interface AnyAnswer {
  status: number;
  headers: Record<string, unknown>;
  /** Parsed JSON, or the raw text. */
  body: unknown;
}

/**
 * What is wrong with an error answer, if anything: the spec's envelope with a registered code whose
 * type and status match the registry, and `error.request_id` equal to the `Request-Id` header (on
 * an idempotent replay, to the `Original-Request` header).
 */
export function envelopeProblems(answer: AnyAnswer): string[] {
  let body = answer.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return [`body is not JSON: ${answer.body as string}`.slice(0, 200)];
    }
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || typeof error !== 'object') return [`no error object: ${JSON.stringify(body).slice(0, 200)}`];
  const problems: string[] = [];
  for (const field of ['type', 'code', 'message', 'request_id'] as const) {
    if (typeof error[field] !== 'string' || error[field] === '') problems.push(`error.${field} missing`);
  }
  if ('param' in error && typeof error.param !== 'string') problems.push('error.param is not a string');
  const code = String(error.code);
  if (!isErrorCode(code)) problems.push(`code ${code} is not in the registry`);
  else {
    if (errorCodes[code].type !== error.type) problems.push(`type ${String(error.type)} is not ${errorCodes[code].type} for ${code}`);
    if (errorCodes[code].status !== answer.status) problems.push(`status ${answer.status} is not ${errorCodes[code].status} for ${code}`);
  }
  // A replayed refusal is the first answer word for word: its id is the first request's (Original-Request).
  const id = answer.headers['idempotent-replayed'] === 'true' ? answer.headers['original-request'] : answer.headers['request-id'];
  if (id !== error.request_id) problems.push(`Request-Id (or, replayed, Original-Request) header ${String(id)} differs from error.request_id`);
  return problems;
}

/** An error answer in the envelope, optionally of this status, code and param. */
export function expectEnvelope(answer: AnyAnswer, status?: number, code?: string, param?: string): void {
  expect(envelopeProblems(answer), JSON.stringify(answer.body).slice(0, 300)).toEqual([]);
  const error = (typeof answer.body === 'string' ? JSON.parse(answer.body) : answer.body).error;
  if (status !== undefined) expect(answer.status).toBe(status);
  if (code !== undefined) expect(error.code).toBe(code);
  if (param !== undefined) expect(error.param).toBe(param);
}
