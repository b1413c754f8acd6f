import { engineContext, technicianCalendar } from './context.js';
import { gridStarts } from './grid.js';
import { localDatesAround } from './local-time.js';
import type { Slot, SlotRequest, TechnicianSchedule, Verdict } from './types.js';
import { judge } from './verdict.js';

/** Every free start in [from, to) for every technician, sorted by start then technician_id. */
export function availableSlots(request: SlotRequest): Slot[] {
  const context = engineContext(request);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; the [from, to) checks below give no slot for an empty window either
  if (request.to <= request.from) return [];
  const dates = localDatesAround(context.zone, request.from, request.to);
  const slots: Slot[] = [];
  for (const schedule of firstOfEachId(request.technicians)) {
    const calendar = technicianCalendar(context, schedule, dates);
    for (const span of calendar.spans) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: skips spans outside the window early; the start checks below drop their starts anyway
      if (span.end <= request.from || span.start >= request.to) continue;
      for (const start of gridStarts(span, context.durationMs, context.stepMs)) {
        if (start >= request.to) break;
        if (start < request.from || !judge(context, calendar, start).ok) continue;
        slots.push({ start, end: start + context.durationMs, technician_id: schedule.technician_id, technician_name: schedule.technician_name });
      }
    }
  }
  return slots.sort((a, b) => a.start - b.start || compareIds(a.technician_id, b.technician_id));
}

/** Whether one requested start can be booked with the technician, and if not, why. */
export function checkStart(request: SlotRequest, start: number, technicianId: string): Verdict {
  const context = engineContext(request);
  const schedule = request.technicians.find((technician) => technician.technician_id === technicianId);
  const calendar = schedule && technicianCalendar(context, schedule, localDatesAround(context.zone, start, start));
  return judge(context, calendar, start);
}

/** A technician listed twice is judged by its first entry, as `checkStart` finds it. */
function firstOfEachId(technicians: readonly TechnicianSchedule[]): TechnicianSchedule[] {
  const byId = new Map<string, TechnicianSchedule>();
  for (const technician of technicians) if (!byId.has(technician.technician_id)) byId.set(technician.technician_id, technician);
  return [...byId.values()];
}

/** Code-unit order, the same on every machine (localeCompare is not). */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
