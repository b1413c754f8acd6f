import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/types.js';
import type { Target } from '../authorization/authorization-decisions.js';
import { membershipAt } from '../authorization/desk-matrix-data.js';
import { memberStudio, type MemberBrowser } from '../member-auth/member-studio.js';

/**
 * The member studio (member-auth/member-studio.ts: nina at north, sam at south, a hand clock on
 * Monday 1 June 2026, 09:00 UTC, 10:00 in London) with a second member at north, nora, a class
 * type ("Spin") taught by Ivy, and classes made at will. North keeps the default class rules: a
 * cancel is late 12 hours before the start, a spot freed within 24 hours is offered for 60 minutes.
 */
export async function memberClassStudio(db: Db) {
  const s = await memberStudio(db);
  const companyId = s.studio.companyId;
  const at = new Date(s.clock.now()).toISOString();
  const nora = randomUUID();
  await db.run(
    db.qb.insertInto('contacts').values({
      id: nora,
      company_id: companyId,
      location_id: s.studio.north,
      first_name: 'Nora',
      last_name: null,
      phone: null,
      email: 'nora@example.com',
      notes: null,
      search_text: 'nora',
      created_at: at,
      updated_at: at,
    }),
  );
  await membershipAt(db, { company: s.studio, location: s.studio.north, contact: nora, clock: s.clock.now } as unknown as Target);
  const ivy = randomUUID();
  await db.run(db.qb.insertInto('staff').values({ id: ivy, company_id: companyId, first_name: 'Ivy', last_name: 'Reyes', email: null, created_at: at }));

  async function service(name: string, locationId = s.studio.north): Promise<string> {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('services').values({
        id,
        company_id: companyId,
        location_id: locationId,
        name,
        description: null,
        category: 'fitness',
        kind: 'class',
        duration_minutes: 60,
        price_cents: 2000,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        room_id: null,
        requires_entitlement: 0,
        free_classes: 0,
        first_timers_only: 0,
        created_at: at,
      }),
    );
    return id;
  }
  const spin = await service('Spin');
  const yoga = await service('Yoga');
  const southSpin = await service('Spin', s.studio.south);

  /** A scheduled one-hour class starting at `start` (ISO). */
  async function classAt(start: string, options: { capacity?: number; serviceId?: string; locationId?: string; instructor?: boolean } = {}): Promise<string> {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('classes').values({
        id,
        company_id: companyId,
        location_id: options.locationId ?? s.studio.north,
        service_id: options.serviceId ?? spin,
        staff_id: options.instructor === false ? null : ivy,
        room_id: null,
        series_id: null,
        start_at: start,
        end_at: new Date(Date.parse(start) + 3600_000).toISOString(),
        capacity: options.capacity ?? 10,
        status: 'scheduled',
        created_at: at,
      }),
    );
    return id;
  }

  const ninaBrowser = await s.signInMember('nina@example.com', s.studio.nina);
  const noraBrowser = await s.signInMember('nora@example.com', nora);
  const as = (browser: MemberBrowser) => ({
    token: browser.cookie.slice(browser.cookie.indexOf('=') + 1),
    get: (path: string) => s.sendMember({ method: 'GET', path, as: browser }),
    post: (path: string, body?: unknown) => s.sendMember({ method: 'POST', path, as: browser, body }),
    delete: (path: string) => s.sendMember({ method: 'DELETE', path, as: browser }),
  });

  /** The messages queued to a contact about classes, oldest first. */
  async function classMessages(contactId: string) {
    const rows = await db.all(
      db.qb
        .selectFrom('member_messages')
        .select(['template', 'to_address', 'language', 'data', 'location_id'])
        .where('contact_id', '=', contactId)
        .where('template', '!=', 'sign_in_code')
        .orderBy('created_at')
        .orderBy('id'),
    );
    return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, string> }));
  }

  return { ...s, nora, ivy, spin, yoga, southSpin, classAt, nina: as(ninaBrowser), noraApp: as(noraBrowser), classMessages };
}
