import { ApiError } from '@studio/shared';
import type { StaffSchedule } from '@studio/shared/schemas/appointments-web';
import { DateTime } from 'luxon';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation } from '../locations/lookup.js';
import { weeklyHours } from './schedule.js';
import { requireStaffAt } from './location-staff.js';

/** Staff hours, overrides and time off are set by an owner or a manager; the front desk reads them on the calendar. */
export function requireScheduleEditor(actor: Actor): void {
  const role = actor.identity.kind === 'staff_user' ? actor.identity.role : null;
  if (role !== 'owner' && role !== 'manager') {
    throw new ApiError('role_not_allowed', 'Only an owner or a manager may change staff hours, overrides and time off; ask one of them.');
  }
}

/**
 * A staff member's schedule at a location as the edit panel shows it: weekly hours, the overrides
 * from today (local) on, and time off not yet over.
 */
export async function staffSchedule(db: Db, actor: Actor, staffId: string, locationId: string, clock: Clock): Promise<StaffSchedule> {
  const location = await requireLocation(db, db, actor, locationId);
  await requireStaffAt(db, db, actor.companyId, location.id, staffId);
  const now = clock();
  const today = DateTime.fromMillis(now, { zone: location.timezone }).toISODate()!;
  const [hours, overrides, timeOff] = await Promise.all([
    weeklyHours(db, actor, staffId, location.id),
    db.all(
      db.qb
        .selectFrom('staff_overrides')
        .select(['date', 'start_time', 'end_time'])
        .where('staff_id', '=', staffId)
        .where('location_id', '=', location.id)
        .where('date', '>=', today)
        .orderBy('date')
        .orderBy('start_time'),
    ),
    db.all(db.qb.selectFrom('staff_time_off').select(['id', 'start_at', 'end_at', 'reason']).where('staff_id', '=', staffId).where('end_at', '>', new Date(now).toISOString()).orderBy('start_at')),
  ]);
  const byDate = new Map<string, { date: string; day_off: boolean; spans: { start: string; end: string }[] }>();
  for (const row of overrides) {
    const entry = byDate.get(row.date) ?? { date: row.date, day_off: true, spans: [] };
    if (row.start_time !== null && row.end_time !== null) {
      entry.day_off = false;
      entry.spans.push({ start: row.start_time, end: row.end_time });
    }
    byDate.set(row.date, entry);
  }
  return {
    staff_id: staffId,
    location_id: location.id,
    hours,
    overrides: [...byDate.values()],
    time_off: timeOff.map((row) => ({ id: row.id, start: row.start_at, end: row.end_at, reason: row.reason })),
  };
}
