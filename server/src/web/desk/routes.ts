import type { eligibilityReasons } from '@studio/shared';
import { contracts } from '@studio/shared/contracts';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { created, implement, ok } from '../../http/route.js';
import { recentDeskScans } from '../../modules/desk-scans/service.js';
import { lastFour } from '../../modules/desk-scans/card-holder.js';
import { createStaffKey, listStaffKeys, revokeStaffKey } from '../../modules/keys/staff-keys.js';
import { requireLocation } from '../../modules/locations/lookup.js';
import { listOverrides } from '../../modules/members/checkin-override.js';
import { accountNames, actorView } from '../../modules/staff-accounts/actor-view.js';
import { revokeCard, setFormSigned, setMembershipStatus } from '../../modules/members/admin.js';
import { enrolScan, enrolTypedCard } from './cards.js';
import { deskCheckIn } from './check-in.js';
import { searchMembers } from '../../modules/contacts/member-search.js';
import { memberProfile } from '../../modules/members/profile.js';
import { memberMessages } from '../../modules/members/member-messages.js';
import { todaySummary } from '../../modules/members/today.js';

const enrolled = (card: { id: string; membership_id: string; created_at: string }, value: string) => ({
  id: card.id,
  membership_id: card.membership_id,
  last_four: lastFour(value),
  created_at: card.created_at,
});

/**
 * The front desk's own endpoints of the staff web app, below `/app/api` (paths here are relative to
 * it). Every handler acts for the signed-in staff member as an Actor, through the same services and
 * location rule as the API; the live feed is `registerTodayStream` (today-stream.ts).
 */
export function deskRoutes(clock: Clock = systemClock) {
  return [
    implement(contracts.webToday, async ({ db, actor, query }) => ok(await todaySummary(db, actor, query.location_id, clock))),
    implement(contracts.webDeskScans, async ({ db, actor, query }) => ok({ data: await recentDeskScans(db, actor, query, clock) })),
    implement(contracts.webEnrolDeskScan, async ({ db, actor, params, body }) => {
      const card = await enrolScan(db, actor, params.id, body.membership_id, clock);
      const row = await db.first(db.qb.selectFrom('credentials').select('value').where('id', '=', card.id));
      return created(enrolled(card, row?.value ?? ''));
    }),
    implement(contracts.webEnrolTypedCard, async ({ db, actor, body }) => created(enrolled(await enrolTypedCard(db, actor, body, clock), body.uid))),
    implement(contracts.webRevokeCard, async ({ db, actor, params }) => ok(await revokeCard(db, actor, params.id, clock))),
    implement(contracts.webSearchMembers, async ({ db, actor, query, cursors }) => ok(await searchMembers(db, actor, query, cursors))),
    implement(contracts.webMemberProfile, async ({ db, actor, params }) => ok(await memberProfile(db, actor, params.id, clock))),
    implement(contracts.webMemberMessages, async ({ db, actor, params }) => ok({ data: await memberMessages(db, actor, params.id) })),
    implement(contracts.webSetMembershipStatus, async ({ db, actor, params, body }) => ok(await setMembershipStatus(db, actor, params.id, body.status, clock))),
    implement(contracts.webSetFormSigned, async ({ db, actor, params, body }) => ok(await setFormSigned(db, actor, params.id, body.signed ? toIso(clock()) : null, clock))),
    implement(contracts.webDeskCheckIn, async ({ db, actor, params, body }) => {
      const { visit, created: isNew } = await deskCheckIn(db, actor, params.id, body, clock);
      return { status: isNew ? 201 : 200, body: visit };
    }),
    implement(contracts.webCheckinOverrides, async ({ db, actor, query }) => {
      const location = await requireLocation(db, db, actor, query.location_id);
      const rows = await listOverrides(db, actor.companyId, { locationId: location.id });
      const names = await accountNames(db, actor.companyId);
      return ok({
        data: rows.map((row) => ({
          id: row.id,
          at: row.at,
          location_id: row.location_id,
          visit_id: row.visit_id,
          contact_id: row.contact_id,
          actor: actorView(row, names),
          // Written from the check-in's eligibility reasons (checkin-override.ts), read back from JSON.
          reasons: row.reasons as (typeof eligibilityReasons)[number][],
          reason: row.reason,
        })),
      });
    }),
    implement(contracts.webListKeys, async ({ db, actor, query }) => ok({ data: await listStaffKeys(db, actor, query.environment) })),
    implement(contracts.webCreateKey, async ({ db, actor, body }) => created(await createStaffKey(db, actor, body, clock))),
    implement(contracts.webRevokeKey, async ({ db, actor, params, body }) => ok(await revokeStaffKey(db, actor, params.id, body.password, clock))),
  ];
}

/** The list on the system clock, for what only enumerates it; the app mounts `deskRoutes(its staff-auth clock)` (web/routes.ts). */
export const deskWebRoutes = deskRoutes();
