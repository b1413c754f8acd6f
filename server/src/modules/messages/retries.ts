import { nextAttemptAt } from '../webhooks/delivery/retry-schedule.js';
import type { MessageTemplate } from './templates/names.js';

/**
 * When a member's email that failed is tried again, and when it is given up: the webhooks' backoff
 * (30 s doubling, with jitter; webhooks/delivery/retry-schedule.ts) within a window of its own. A
 * sign-in code is worth sending only while it works (its `minutes`); any other message for a day,
 * after which news of a booking or a reminder is stale.
 */
export const messageRetryWindowMs = 24 * 3_600_000;
export const firstMessageRetryMs = 30_000;

export function retryWindowOf(template: MessageTemplate, data: Record<string, unknown>): number {
  if (template === 'sign_in_code' && typeof data.minutes === 'number' && data.minutes > 0) return data.minutes * 60_000;
  return messageRetryWindowMs;
}

/** The next attempt's time after `failedAttempts` failures, or null: give the message up. */
export function nextMessageAttemptAt(
  message: { template: MessageTemplate; created_at: string },
  data: Record<string, unknown>,
  nowMs: number,
  failedAttempts: number,
  random: () => number,
  firstRetryMs = firstMessageRetryMs,
): number | null {
  return nextAttemptAt(Date.parse(message.created_at), nowMs, failedAttempts, random, firstRetryMs, retryWindowOf(message.template, data));
}

/** What of a message's data is kept once it is sent or given up: a sign-in code and its link are secrets. */
export function dataAfterHandling(template: MessageTemplate, data: Record<string, unknown>): Record<string, unknown> {
  if (template !== 'sign_in_code') return data;
  const { code: _code, link: _link, ...rest } = data;
  return rest;
}
