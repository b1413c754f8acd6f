import type { Logger } from 'pino';
import { z } from 'zod';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { ClaimedMessage } from './claims.js';
import { recordMessageAttempt, type AttemptOutcome } from './record-attempt.js';
import { reminderNoLongerWanted } from './reminder-still-wanted.js';
import { retryWindowOf } from './retries.js';
import type { SmtpTransport } from './smtp-transport.js';
import { renderMessage, type RenderedMessage } from './templates/render.js';
import { unsubscribeUrl } from './unsubscribe-link.js';
import { withAppLinks } from './app-links.js';

export interface DeliverContext {
  db: Db;
  log: Logger;
  transport: SmtpTransport;
  publicUrl: string;
  clock: Clock;
  random: () => number;
  firstRetryMs?: number;
}

/**
 * One try of a claimed message: rendered in the member's language, sent, and recorded. Logs name
 * the message, its template and the outcome, never its address, body or data (a sign-in code).
 */
export async function deliverMessage(context: DeliverContext, message: ClaimedMessage): Promise<void> {
  const fields = { message_id: message.id, template: message.template, attempt: message.attempts + 1 };
  const unwanted = await reminderNoLongerWanted(context.db, message);
  const rendered = unwanted ? { problem: unwanted } : expired(message, context.clock()) ? { problem: 'expired: not sent within its window' } : render(message, context.publicUrl);
  const outcome: AttemptOutcome =
    'problem' in rendered ? { ok: false, detail: rendered.problem, final: true } : await context.transport.send(message.to_address, message.place.name, rendered, new Date(context.clock()));
  const recorded = await recordMessageAttempt(context.db, message, outcome, context.clock, context.random, context.firstRetryMs);
  if (!recorded) context.log.warn(fields, 'member message: its claim ran out while sending; another process has it');
  else if (outcome.ok) context.log.info({ ...fields, status: recorded.status }, 'member message sent');
  else
    context.log.warn(
      { ...fields, status: recorded.status, next_attempt_at: recorded.nextAttemptAt, code: 'code' in outcome ? outcome.code : outcome.detail.split(':')[0] },
      'member message attempt failed',
    );
}

/**
 * A message never tried until its window (retries.ts) passed is not worth sending (the box was down,
 * or had no provider): a sign-in code no longer works, a booking's news is stale. Retries keep to the
 * schedule, which plans none past the window.
 */
function expired(message: ClaimedMessage, nowMs: number): boolean {
  if (message.attempts > 0) return false;
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(message.data) as Record<string, unknown>;
  } catch {
    // Unreadable data fails in render, with its own reason.
  }
  return nowMs >= Date.parse(message.created_at) + retryWindowOf(message.template, data);
}

function render(message: ClaimedMessage, publicUrl: string): RenderedMessage | { problem: string } {
  try {
    const data = JSON.parse(message.data) as Record<string, unknown>;
    return renderMessage({
      template: message.template,
      language: message.language,
      data: withAppLinks(message.template, data, publicUrl),
      place: message.place,
      firstName: message.firstName,
      unsubscribeUrl: message.unsubscribeToken === null ? null : unsubscribeUrl(publicUrl, message.unsubscribeToken),
    });
  } catch (error) {
    // Which values are wrong, never what they hold.
    const fields = error instanceof z.ZodError ? error.issues.map((issue) => issue.path.join('.') || '(data)').join(', ') : 'unreadable';
    return { problem: `template_data_invalid: ${fields}` };
  }
}
