import type { EngineContext, TechnicianCalendar } from './context.js';
import { isOnGrid } from './grid.js';
import { findContaining } from './intervals.js';
import type { RuleReason, Verdict } from './types.js';

const rule = (reason: RuleReason): Verdict => ({ ok: false, kind: 'rule', reason });

/**
 * The one predicate behind both the slot list and a booking: the rules in their order, then the
 * conflicts. No calendar (an unknown technician) means no working time.
 */
export function judge(context: EngineContext, calendar: TechnicianCalendar | undefined, start: number): Verdict {
  if (start < context.now) return rule('in_the_past');
  if (start < context.earliestStart) return rule('minimum_notice');
  if (start > context.latestStart) return rule('beyond_horizon');
  const end = start + context.durationMs;
  const span = calendar && findContaining(calendar.spans, { start, end });
  if (!calendar || !span) return rule('outside_hours');
  if (!isOnGrid(span, start, context.stepMs)) return rule('off_grid');
  // Only this service's buffers widen the slot: the busy blocks carry their own services' buffers.
  const block = { start: start - context.bufferBeforeMs, end: end + context.bufferAfterMs };
  if (calendar.busy.overlaps(block)) return { ok: false, kind: 'conflict', with: 'technician' };
  if (context.roomBusy?.overlaps(block)) return { ok: false, kind: 'conflict', with: 'room' };
  return { ok: true };
}
