import { randomUUID } from 'node:crypto';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { LocationRow } from '../locations/lookup.js';
import { toIso } from '../../clock/time.js';
import { classRules } from '../locations/settings.js';
import { recordEvent } from '../events/record.js';
import { contactRuleRefusal } from './booking-rules.js';
import { liveSpot, newSpot, queued, spotResult, spotsTaken, type ClassRow } from './class-repository.js';
import { decideCoverage } from './entitlement.js';
import { tellMemberOfClass } from './class-messages.js';

interface ClassService {
  id: string;
  requires_entitlement: number;
  free_classes: number;
  first_timers_only: number;
}

export async function classService(db: Db, sql: Queryable, serviceId: string): Promise<ClassService> {
  return (await sql.first(db.qb.selectFrom('services').select(['id', 'requires_entitlement', 'free_classes', 'first_timers_only']).where('id', '=', serviceId)))!;
}

/**
 * Gives the class's free spots to its waitlist (docs/api-decisions.md, Classes), on a class the caller
 * has locked: offers past their expiry lapse first; then each free spot goes to the first waiting
 * contact still eligible (rules and entitlement; ineligible ones are skipped and keep their place),
 * promoted at once when the class is far off, or offered until `offer_expires_at` when it is near.
 * Nothing moves once the class has started. Returns the contacts promoted.
 */
export async function fillFreedSpots(db: Db, sql: Queryable, cls: ClassRow, location: LocationRow, now: number): Promise<string[]> {
  const nowIso = toIso(now);
  await sql.run(
    db.qb.updateTable('class_waitlist').set({ status: 'expired', updated_at: nowIso }).where('class_id', '=', cls.id).where('status', '=', 'offered').where('offer_expires_at', '<=', nowIso),
  );
  const start = Date.parse(cls.start_at);
  const promoted: string[] = [];
  let free = cls.status === 'scheduled' && now < start ? cls.capacity - (await spotsTaken(db, sql, cls.id, nowIso)) : 0;
  if (free > 0) {
    const rules = classRules(location);
    const service = await classService(db, sql, cls.service_id);
    const waiting = await sql.all(db.qb.selectFrom('class_waitlist').selectAll().where('class_id', '=', cls.id).where('status', '=', 'waiting').orderBy('position').orderBy('created_at'));
    // Every waiting contact and their memberships are locked up front (server/src/db/row-locks.ts sorts
    // them): taken one contact at a time in queue order, the memberships would come out of id order.
    const waitingContacts = waiting.map((entry) => entry.contact_id);
    await lockRows(sql, { contact: waitingContacts, membershipsOf: waitingContacts });
    for (const entry of waiting) {
      if (free === 0) break;
      if (await liveSpot(db, sql, cls.id, entry.contact_id)) {
        await sql.run(db.qb.updateTable('class_waitlist').set({ status: 'promoted', updated_at: nowIso }).where('id', '=', entry.id));
        continue;
      }
      const refusal = await contactRuleRefusal(db, sql, { cls, location, rules, contactId: entry.contact_id, firstTimersOnly: service.first_timers_only === 1 });
      const coverage = refusal ? null : await decideCoverage(db, sql, { cls, location, service, contactId: entry.contact_id, companyId: cls.company_id, allowWithoutEntitlement: false });
      if (!coverage) continue;
      free -= 1;
      if (start - now > rules.waitlist_offer_cutoff_hours * 3600_000) {
        const spot = newSpot(cls, entry.contact_id, coverage, 'waitlist', nowIso);
        await sql.run(db.qb.insertInto('class_attendees').values(spot));
        await recordEvent(db, sql, { companyId: cls.company_id, type: 'class_attendee.promoted', locationId: cls.location_id, data: spotResult(spot) }, () => now);
        await sql.run(db.qb.updateTable('class_waitlist').set({ status: 'promoted', updated_at: nowIso }).where('id', '=', entry.id));
        promoted.push(entry.contact_id);
        await tellMemberOfClass(db, sql, { cls, contactId: entry.contact_id, template: 'waitlist_promoted' }, () => now);
      } else {
        const expires = Math.min(now + rules.waitlist_offer_minutes * 60_000, start);
        await sql.run(
          db.qb
            .updateTable('class_waitlist')
            .set({ status: 'offered', offer_expires_at: toIso(expires), updated_at: nowIso })
            .where('id', '=', entry.id),
        );
        await tellMemberOfClass(db, sql, { cls, contactId: entry.contact_id, template: 'waitlist_offer', offer: { waitlistId: entry.id, deadlineAt: toIso(expires) } }, () => now);
      }
    }
  }
  await renumber(db, sql, cls.id);
  return promoted;
}

/** Positions 1..n over the entries still queued, in their order. */
export async function renumber(db: Db, sql: Queryable, classId: string): Promise<void> {
  const entries = await sql.all(
    db.qb
      .selectFrom('class_waitlist')
      .select(['id', 'position'])
      .where('class_id', '=', classId)
      .where('status', 'in', [...queued])
      .orderBy('position')
      .orderBy('created_at'),
  );
  for (const [index, entry] of entries.entries()) {
    if (entry.position !== index + 1)
      await sql.run(
        db.qb
          .updateTable('class_waitlist')
          .set({ position: index + 1 })
          .where('id', '=', entry.id),
      );
  }
}

/** Adds a contact at the end of a class's waitlist (setup side: joining is not an API operation). */
export async function joinWaitlist(db: Db, sql: Queryable, cls: ClassRow, contactId: string, now: number): Promise<{ waitlist_id: string; position: number }> {
  const last = await sql.first(
    db.qb
      .selectFrom('class_waitlist')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('class_id', '=', cls.id)
      .where('status', 'in', [...queued]),
  );
  const row = {
    id: randomUUID(),
    company_id: cls.company_id,
    class_id: cls.id,
    contact_id: contactId,
    status: 'waiting' as const,
    position: Number(last?.position ?? 0) + 1,
    offer_expires_at: null,
    created_at: toIso(now),
    updated_at: toIso(now),
  };
  await sql.run(db.qb.insertInto('class_waitlist').values(row));
  return { waitlist_id: row.id, position: row.position };
}
