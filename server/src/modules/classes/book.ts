import { ApiError, type ClassBook, type ClassBookResult } from '@studio/shared';
import type { z } from 'zod';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { recordEvent } from '../events/record.js';
import type { LocationRow } from '../locations/lookup.js';
import { requireContactInReach } from '../locations/reach.js';
import { classRules } from '../locations/settings.js';
import { checkTimeRules, contactRuleRefusal } from './booking-rules.js';
import { liveSpot, newSpot, queued, spotResult, spotsTaken, type ClassRow } from './class-repository.js';
import { decideCoverage } from './entitlement.js';
import { fullForContact } from './full-class.js';
import { openSpotChange, readSpotChange } from './spot-change.js';
import { classService, renumber } from './waitlist.js';
import { tellMemberOfClass } from './class-messages.js';

/** Where a booking came from: the desk, the members' app (`online`), or an API key or the business. */
const sourceOf = (actor: Actor) => (actor.identity.kind === 'staff_user' ? 'staff' : actor.identity.kind === 'member' ? 'online' : 'api');

const classFull = () => new ApiError('class_full', 'This class has no spot left.');

/** The rules between `already_booked` and a free spot: time rules, then the contact's rules. Answers the class's service. */
async function checkRulesBeforeSpot(db: Db, sql: Queryable, cls: ClassRow, location: LocationRow, contactId: string, now: number) {
  const rules = classRules(location);
  checkTimeRules(cls, rules, now);
  const service = await classService(db, sql, cls.service_id);
  const refusal = await contactRuleRefusal(db, sql, { cls, location, rules, contactId, firstTimersOnly: service.first_timers_only === 1 });
  if (refusal) throw refusal;
  return service;
}

/**
 * Books a contact into a class (docs/api-decisions.md, Classes), rules in the decided order: cancelled
 * class, already booked, time rules, the contact's rules, a free spot (decided under the class
 * lock, so capacity holds under any concurrency), then what pays. A contact holding an open
 * waitlist offer takes the spot held for them. A contact outside the actor's reach is refused
 * (403) before anything else; one already holding a spot is answered it, `already_booked`.
 */
export async function bookClass(db: Db, actor: Actor, classId: string, input: z.output<typeof ClassBook>, clock: Clock = systemClock): Promise<ClassBookResult> {
  await requireContactInReach(db, db, actor, input.contact_id, 'contact_id');
  const now = clock();
  const nowIso = toIso(now);
  return db.transaction(async (sql) => {
    // A rush on a full class (thousands of books for its last spots, from several processes): each
    // is refused without queuing on the class lock, after the rules that come before a free spot,
    // read without locks. Only `class_full` is answered so; any other outcome is decided under the lock.
    const fullFor = () => fullForContact(db, sql, classId, input.contact_id, nowIso);
    const refuseFull = async ({ cls, location }: { cls: ClassRow; location: LocationRow }) => {
      await checkRulesBeforeSpot(db, sql, cls, location, input.contact_id, now);
      throw classFull();
    };
    if (await fullFor()) await refuseFull(await readSpotChange(db, sql, actor, classId, input.contact_id, { refuseCancelled: true }));
    const { cls, location } = await openSpotChange(db, sql, actor, classId, input.contact_id, { refuseCancelled: true });
    // Those that queued on the lock while the last spots went are refused as soon as they hold it,
    // so each holds it for a few statements, not for the whole decision.
    if (await fullFor()) await refuseFull({ cls, location });
    await lockRows(sql, { contact: input.contact_id });
    const taken = async () => spotsTaken(db, sql, cls.id, nowIso);
    const existing = await liveSpot(db, sql, cls.id, input.contact_id);
    if (existing) return { ...spotResult(existing), spots_left: Math.max(0, cls.capacity - (await taken())), already_booked: true };

    const service = await checkRulesBeforeSpot(db, sql, cls, location, input.contact_id, now);
    const entry = await sql.first(
      db.qb
        .selectFrom('class_waitlist')
        .select(['id', 'status', 'offer_expires_at'])
        .where('class_id', '=', cls.id)
        .where('contact_id', '=', input.contact_id)
        .where('status', 'in', [...queued]),
    );
    const holdsOffer = entry?.status === 'offered' && entry.offer_expires_at! > nowIso;
    if ((await taken()) - (holdsOffer ? 1 : 0) >= cls.capacity) throw classFull();
    const coverage = await decideCoverage(db, sql, {
      cls,
      location,
      service,
      contactId: input.contact_id,
      companyId: actor.companyId,
      allowWithoutEntitlement: input.allow_without_entitlement === true,
    });
    if (!coverage) {
      throw new ApiError('entitlement_required', 'This class needs a membership or package that covers it; book with allow_without_entitlement to charge at the desk.', { param: 'contact_id' });
    }
    const spot = newSpot({ id: cls.id, company_id: actor.companyId }, input.contact_id, coverage, holdsOffer ? 'waitlist' : sourceOf(actor), nowIso);
    await sql.run(db.qb.insertInto('class_attendees').values(spot));
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'class_attendee.booked', locationId: location.id, data: spotResult(spot) }, clock);
    await tellMemberOfClass(db, sql, { cls, contactId: input.contact_id, template: 'booking_confirmed' }, clock);
    // Booked directly or by accepting an offer: the contact leaves the waitlist.
    if (entry) {
      await sql.run(db.qb.updateTable('class_waitlist').set({ status: 'promoted', updated_at: nowIso }).where('id', '=', entry.id));
      await renumber(db, sql, cls.id);
    }
    return { ...spotResult(spot), spots_left: Math.max(0, cls.capacity - (await taken())), already_booked: false };
  });
}
