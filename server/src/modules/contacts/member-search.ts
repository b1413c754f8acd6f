import type { MemberSearchRow, memberStandings } from '@studio/shared/web-app';
import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { pageInLocations } from '../locations/listing.js';
import { contactListQuery } from './repository.js';
import type { CursorCodec } from '../../pagination/cursor.js';

/** Which membership a search row shows: the one that lets the member in first, then the most recent start. */
const statusRank: Record<string, number> = { active: 0, past_due: 1, paused: 2, pending: 3 };
const rankOf = (status: string) => statusRank[status] ?? 4;

type Standing = (typeof memberStandings)[number];

/** The statuses that rank before each filter's own, by `statusRank`: a member holding one of them shows that one instead. */
const better: Record<Exclude<Standing, 'none' | 'ended'>, string[]> = { active: [], past_due: ['active'], paused: ['active', 'past_due'] };

export interface MemberSearchQuery {
  search?: string | undefined;
  location_id?: string | undefined;
  status?: Standing | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The contacts whose best membership is `status`, as the row would show it (the same ranking as `statusRank`). */
function withStanding(db: Db, companyId: string, locations: readonly string[] | null, search: string | undefined, status: Standing | undefined) {
  const query = contactListQuery(db, companyId, locations, search);
  if (status === undefined) return query;
  const held = (statuses: readonly string[]) =>
    db.qb
      .selectFrom('memberships as m')
      .select(sql<number>`1`.as('one'))
      .where('m.contact_id', '=', sql.ref<string>('contacts.id'))
      .where('m.company_id', '=', companyId)
      .where('m.status', 'in', [...statuses]);
  if (status === 'none') return query.where((eb) => eb.not(eb.exists(held(['active', 'past_due', 'paused', 'pending', 'expired', 'cancelled']))));
  if (status === 'ended') return query.where((eb) => eb.and([eb.exists(held(['expired', 'cancelled'])), eb.not(eb.exists(held(['active', 'past_due', 'paused', 'pending'])))]));
  const before = better[status];
  return query.where((eb) => eb.and([eb.exists(held([status])), ...(before.length ? [eb.not(eb.exists(held(before)))] : [])]));
}

/**
 * The desk's member list: every member the actor may see, or the contacts list's matches (same
 * search words, same location rule), by first name, a page at a time, narrowed to one standing on
 * request; each with its best membership's status and plan and its last visit. Three statements
 * for the whole page whatever its size (contacts, memberships, last visits), never one per row.
 */
export async function searchMembers(db: Db, actor: Actor, query: MemberSearchQuery, cursors: CursorCodec): Promise<{ data: MemberSearchRow[]; next_cursor: string | null }> {
  const page = await pageInLocations(db, actor, cursors, 'members', query, (locations) => withStanding(db, actor.companyId, locations, query.search, query.status), {
    first: 'first_name',
    second: 'id',
  });
  const contacts = page.data;
  if (contacts.length === 0) return { data: [], next_cursor: null };
  const ids = contacts.map((contact) => contact.id);
  const [held, visits] = await Promise.all([
    db.all(
      db.qb
        .selectFrom('memberships as m')
        .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
        .leftJoin('package_templates as t', 't.id', 'm.package_template_id')
        .select(['m.contact_id', 'm.status', 'm.start_date', 'p.name as plan', 't.name as template'])
        .where('m.company_id', '=', actor.companyId)
        .where('m.contact_id', 'in', ids),
    ),
    db.all(
      db.qb
        .selectFrom('visits')
        .select(['contact_id', (eb) => eb.fn.max('checked_in_at').as('last_visit_at')])
        .where('company_id', '=', actor.companyId)
        .where('contact_id', 'in', ids)
        .where('voided_at', 'is', null)
        .groupBy('contact_id'),
    ),
  ]);
  const best = new Map<string, (typeof held)[number]>();
  for (const row of held) {
    const current = best.get(row.contact_id);
    if (!current || rankOf(row.status) < rankOf(current.status) || (rankOf(row.status) === rankOf(current.status) && row.start_date > current.start_date)) best.set(row.contact_id, row);
  }
  const lastVisit = new Map(visits.map((row) => [row.contact_id, row.last_visit_at as string | null]));
  const data = contacts.map((contact) => {
    const membership = best.get(contact.id);
    return {
      id: contact.id,
      location_id: contact.location_id,
      first_name: contact.first_name,
      last_name: contact.last_name,
      phone: contact.phone,
      email: contact.email,
      status: membership?.status ?? null,
      plan_name: membership ? (membership.plan ?? membership.template ?? null) : null,
      last_visit_at: lastVisit.get(contact.id) ?? null,
    };
  });
  return { data, next_cursor: page.next_cursor };
}
