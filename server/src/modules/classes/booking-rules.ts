import { ApiError } from '@studio/shared';
import { DateTime } from 'luxon';
import type { Db, Queryable } from '../../db/types.js';
import type { LocationRow } from '../locations/lookup.js';
import type { ClassRules } from '../locations/settings.js';
import { spotHolding, type ClassRow } from './class-repository.js';

const refuse = (message: string) => new ApiError('booking_rule', message);

/** The time rules of a booking: started, signup cutoff, booking horizon. A waitlist promotion skips them. */
export function checkTimeRules(cls: ClassRow, rules: ClassRules, now: number): void {
  const start = Date.parse(cls.start_at);
  if (now >= start) throw refuse('This class has already started.');
  if (now >= start - rules.signup_cutoff_minutes * 60_000) throw refuse(`Signup closes ${rules.signup_cutoff_minutes} minutes before the class starts.`);
  if (start > now + rules.booking_horizon_days * 86_400_000) throw refuse(`Classes can be booked at most ${rules.booking_horizon_days} days ahead.`);
}

/**
 * The contact's rules: the daily maximum (spots held on the local day the class starts, at this
 * location) and first-timers-only (no earlier spot that was kept, and no visit, at this location).
 * Returns the refusal rather than throwing, so the waitlist can skip an ineligible contact.
 */
export async function contactRuleRefusal(
  db: Db,
  sql: Queryable,
  input: { cls: ClassRow; location: LocationRow; rules: ClassRules; contactId: string; firstTimersOnly: boolean },
): Promise<ApiError | null> {
  const { cls, location, rules, contactId } = input;
  if (rules.max_classes_per_day !== null) {
    const day = DateTime.fromISO(cls.start_at, { zone: location.timezone }).startOf('day');
    const held = await sql.first(
      db.qb
        .selectFrom('class_attendees as a')
        .innerJoin('classes as c', 'c.id', 'a.class_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.contact_id', '=', contactId)
        .where('a.status', 'in', [...spotHolding])
        .where('c.location_id', '=', location.id)
        .where('c.start_at', '>=', day.toUTC().toISO()!)
        .where('c.start_at', '<', day.plus({ days: 1 }).toUTC().toISO()!),
    );
    if (Number(held!.n) >= rules.max_classes_per_day) {
      return refuse(`At most ${rules.max_classes_per_day} classes a day can be booked at this location.`);
    }
  }
  if (input.firstTimersOnly) {
    const earlierSpot = await sql.first(
      db.qb
        .selectFrom('class_attendees as a')
        .innerJoin('classes as c', 'c.id', 'a.class_id')
        .select('a.id')
        .where('a.contact_id', '=', contactId)
        .where('a.status', 'in', ['reserved', 'checked_in', 'late_cancelled', 'no_show'])
        .where('c.location_id', '=', location.id)
        .where('a.class_id', '!=', cls.id),
    );
    const visit = earlierSpot ? undefined : await sql.first(db.qb.selectFrom('visits').select('id').where('contact_id', '=', contactId).where('location_id', '=', location.id));
    if (earlierSpot || visit) return refuse('This class is for first-timers only.');
  }
  return null;
}
