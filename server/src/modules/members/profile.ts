import type { Reason } from '@studio/shared';
import type { MemberProfile } from '@studio/shared/web-app';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { getContact } from '../contacts/service.js';
import { lastFour } from '../desk-scans/card-holder.js';
import { heldMemberships } from '../memberships/repository.js';
import { reasonMessages } from '../memberships/reason-messages.js';

const recent = 20;

type Source = MemberProfile['visits'][number]['source'];

/**
 * Everything the member's page shows, in one answer of a few indexed reads: the contact (404
 * another company's, 403 outside the actor's reach, as the API), what they hold, their cards by
 * last four only, their last 20 visits and refusals, and what they have booked from now on.
 */
export async function memberProfile(db: Db, actor: Actor, contactId: string, clock: Clock = systemClock): Promise<MemberProfile> {
  const contact = await getContact(db, actor, contactId);
  const now = clock();
  const nowIso = toIso(now);
  const [signed, memberships, cards, visits, denials, appointments, classes] = await Promise.all([
    db.first(db.qb.selectFrom('contacts').select('form_signed_at').where('id', '=', contact.id)),
    heldMemberships(db, db, actor.companyId, { contactId: contact.id }, new Date(now)),
    db.all(
      db.qb
        .selectFrom('credentials as k')
        .innerJoin('memberships as m', 'm.id', 'k.membership_id')
        .select(['k.id', 'k.membership_id', 'k.value', 'k.created_at'])
        .where('m.contact_id', '=', contact.id)
        .where('k.revoked_at', 'is', null)
        .orderBy('k.created_at')
        .orderBy('k.id'),
    ),
    db.all(
      db.qb
        .selectFrom('visits')
        .select(['id', 'location_id', 'checked_in_at', 'source', 'offline', 'flags', 'voided_at'])
        .where('contact_id', '=', contact.id)
        .orderBy('checked_in_at', 'desc')
        .orderBy('id', 'desc')
        .limit(recent),
    ),
    db.all(
      db.qb
        .selectFrom('checkin_denials')
        .select(['id', 'location_id', 'attempted_at', 'source', 'reasons'])
        .where('contact_id', '=', contact.id)
        .orderBy('attempted_at', 'desc')
        .orderBy('id', 'desc')
        .limit(recent),
    ),
    db.all(
      db.qb
        .selectFrom('bookings as b')
        .innerJoin('services as s', 's.id', 'b.service_id')
        .select(['b.id', 's.name', 'b.start_at', 'b.status'])
        .where('b.contact_id', '=', contact.id)
        .where('b.status', '=', 'booked')
        .where('b.start_at', '>=', nowIso)
        .orderBy('b.start_at')
        .limit(recent),
    ),
    db.all(
      db.qb
        .selectFrom('class_attendees as a')
        .innerJoin('classes as c', 'c.id', 'a.class_id')
        .innerJoin('services as s', 's.id', 'c.service_id')
        .select(['a.id', 's.name', 'c.start_at', 'a.status'])
        .where('a.contact_id', '=', contact.id)
        .where('a.status', '=', 'reserved')
        .where('c.status', '=', 'scheduled')
        .where('c.start_at', '>=', nowIso)
        .orderBy('c.start_at')
        .limit(recent),
    ),
  ]);
  const bookings = [
    ...appointments.map((b) => ({ id: b.id, kind: 'appointment' as const, title: b.name, starts_at: b.start_at, status: b.status })),
    ...classes.map((a) => ({ id: a.id, kind: 'class' as const, title: a.name, starts_at: a.start_at, status: a.status })),
  ]
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))
    .slice(0, recent);
  return {
    contact,
    form_signed_at: signed?.form_signed_at ?? null,
    memberships,
    cards: cards.map((card) => ({ id: card.id, membership_id: card.membership_id, last_four: lastFour(card.value), created_at: card.created_at })),
    visits: visits.map((v) => ({
      id: v.id,
      location_id: v.location_id,
      checked_in_at: v.checked_in_at,
      source: v.source,
      offline: v.offline === 1,
      flags: JSON.parse(v.flags) as MemberProfile['visits'][number]['flags'],
      voided: v.voided_at !== null,
    })),
    denials: denials.map((d) => {
      const reasons = JSON.parse(d.reasons) as Reason[];
      return { id: d.id, location_id: d.location_id, attempted_at: d.attempted_at, source: d.source as Source, reasons, message: reasons[0] === undefined ? 'Refused' : reasonMessages[reasons[0]] };
    }),
    bookings,
  };
}
