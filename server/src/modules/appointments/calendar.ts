import type { AppointmentCalendar } from '@studio/shared/schemas/appointments-web';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import type { LocalSpan, TechnicianSchedule } from './engine/index.js';
import { IntervalSet } from './engine/intervals.js';
import { addDays, localInstant, locationZone } from './engine/local-time.js';
import { spansOn, workingTime } from './engine/working-time.js';
import { requireLocation } from '../locations/lookup.js';
import { calendarBookings } from './booking-views.js';
import { locationStaff } from '../staff/location-staff.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One location's appointments over `days` local dates from `date`: its staff with their working
 * time each date (weekly hours or the date's override, time off taken out, read in the location's
 * zone by the slot engine's own functions), their time off, its rooms and services, and every
 * booking starting in the window.
 */
export async function appointmentCalendar(db: Db, actor: Actor, query: { location_id: string; date: string; days: number }): Promise<AppointmentCalendar> {
  const location = await requireLocation(db, db, actor, query.location_id);
  const zone = locationZone(location.timezone);
  const dates = Array.from({ length: query.days }, (_, i) => addDays(query.date, i));
  const from = localInstant(zone, dates[0]!, '00:00');
  const to = localInstant(zone, dates.at(-1)!, '24:00');
  const staff = await locationStaff(db, db, actor.companyId, location.id);
  const ids = staff.map((member) => member.id);
  const none = [''];
  const [hours, overrides, timeOff, rooms, services, qualified, bookings] = await Promise.all([
    db.all(
      db.qb
        .selectFrom('staff_hours')
        .select(['staff_id', 'weekday', 'start_time', 'end_time'])
        .where('location_id', '=', location.id)
        .where('staff_id', 'in', ids.length ? ids : none),
    ),
    db.all(
      db.qb
        .selectFrom('staff_overrides')
        .select(['staff_id', 'date', 'start_time', 'end_time'])
        .where('location_id', '=', location.id)
        .where('staff_id', 'in', ids.length ? ids : none)
        .where('date', '>=', dates[0]!)
        .where('date', '<=', dates.at(-1)!),
    ),
    db.all(
      db.qb
        .selectFrom('staff_time_off')
        .select(['id', 'staff_id', 'start_at', 'end_at', 'reason'])
        .where('staff_id', 'in', ids.length ? ids : none)
        .where('end_at', '>', iso(from))
        .where('start_at', '<', iso(to))
        .orderBy('start_at'),
    ),
    db.all(db.qb.selectFrom('rooms').select(['id', 'name']).where('location_id', '=', location.id).where('company_id', '=', actor.companyId).orderBy('name')),
    db.all(
      db.qb
        .selectFrom('services')
        .select(['id', 'name', 'duration_minutes', 'room_id'])
        .where('location_id', '=', location.id)
        .where('company_id', '=', actor.companyId)
        .where('kind', '=', 'appointment')
        .orderBy('name'),
    ),
    db.all(db.qb.selectFrom('service_staff as q').innerJoin('services as v', 'v.id', 'q.service_id').select(['q.service_id', 'q.staff_id']).where('v.location_id', '=', location.id)),
    calendarBookings(db, db, actor.companyId, { locationId: location.id, from: iso(from), to: iso(to) }),
  ]);
  return {
    location_id: location.id,
    time_zone: location.timezone,
    dates,
    from: iso(from),
    to: iso(to),
    staff: staff.map((member) => {
      const schedule: TechnicianSchedule = { technician_id: member.id, technician_name: member.name, weekly: {}, overrides: {}, timeOff: [], busy: [] };
      for (const h of hours.filter((row) => row.staff_id === member.id)) (schedule.weekly[h.weekday] ??= []).push({ start: h.start_time, end: h.end_time });
      for (const o of overrides.filter((row) => row.staff_id === member.id)) {
        const spans: LocalSpan[] = (schedule.overrides[o.date] ??= []);
        if (o.start_time !== null && o.end_time !== null) spans.push({ start: o.start_time, end: o.end_time });
      }
      const off = timeOff.filter((row) => row.staff_id === member.id);
      schedule.timeOff = off.map((row) => ({ start: Date.parse(row.start_at), end: Date.parse(row.end_at) }));
      const offSet = new IntervalSet(schedule.timeOff);
      return {
        id: member.id,
        name: member.name,
        days: dates.map((date) => ({
          date,
          source: date in schedule.overrides ? ('override' as const) : spansOn(schedule, date).length ? ('weekly' as const) : ('none' as const),
          working: workingTime(schedule, [date], offSet, (d, t) => localInstant(zone, d, t)).map((span) => ({ start: iso(span.start), end: iso(span.end) })),
        })),
        time_off: off.map((row) => ({ id: row.id, start: row.start_at, end: row.end_at, reason: row.reason })),
      };
    }),
    rooms,
    services: services.map((service) => ({ ...service, staff_ids: qualified.filter((q) => q.service_id === service.id).map((q) => q.staff_id) })),
    bookings,
  };
}
