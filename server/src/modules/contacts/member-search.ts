import type { MemberSearchRow } from '@studio/shared/web-app';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { listContacts } from './service.js';
import type { CursorCodec } from '../../pagination/cursor.js';

/** Which membership a search row shows: the one that lets the member in first, then the most recent start. */
const statusRank: Record<string, number> = { active: 0, past_due: 1, paused: 2, pending: 3 };
const rankOf = (status: string) => statusRank[status] ?? 4;

/**
 * The desk's member search: the contacts list's matches (same search words, same location rule),
 * each with its best membership's status and plan and its last visit. Three statements for the
 * whole page whatever its size (contacts, memberships, last visits), never one per row.
 */
export async function searchMembers(db: Db, actor: Actor, query: { search?: string | undefined; location_id?: string | undefined; limit: number }, cursors: CursorCodec): Promise<MemberSearchRow[]> {
  const contacts = (await listContacts(db, actor, { search: query.search, location_id: query.location_id, limit: query.limit }, cursors)).data;
  if (contacts.length === 0) return [];
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
  return contacts.map((contact) => {
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
}
