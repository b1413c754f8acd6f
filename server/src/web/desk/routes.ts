import { IdParams, Visit } from '@studio/shared';
import {
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyList,
  ApiKeyListQuery,
  ApiKeyView,
  CheckinOverrideList,
  DeskCheckInRequest,
  DeskScanList,
  EnrolledCard,
  EnrolScanRequest,
  EnrolTypedCardRequest,
  FormSignedChange,
  FormSignedChanged,
  MemberProfile,
  MemberSearchQuery,
  MemberSearchResults,
  MembershipStatusChange,
  MembershipStatusChanged,
  Reauthentication,
  RevokedCard,
  TodaySummary,
} from '@studio/shared/web-app';
import { z } from 'zod';
import { Id } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { created, defineRoute, ok } from '../../http/route.js';
import { recentDeskScans } from '../../modules/desk-scans/service.js';
import { lastFour } from '../../modules/desk-scans/card-holder.js';
import { createStaffKey, listStaffKeys, revokeStaffKey } from '../../modules/keys/staff-keys.js';
import { requireLocation } from '../../modules/locations/lookup.js';
import { listOverrides } from '../../modules/members/checkin-override.js';
import { revokeCard, setFormSigned, setMembershipStatus } from '../../modules/members/admin.js';
import { enrolScan, enrolTypedCard } from './cards.js';
import { deskCheckIn } from './check-in.js';
import { searchMembers } from './member-search.js';
import { memberProfile } from './profile.js';
import { todaySummary } from './today.js';

const LocationQuery = z.strictObject({ location_id: Id });
const ScanQuery = z.strictObject({ location_id: Id, device_id: z.string().min(1).max(100).optional() });

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
    defineRoute({
      method: 'GET',
      path: '/today',
      operationId: 'webToday',
      summary: "Today at a location: counts and the newest rows, in the location's local day",
      tag: 'Web desk',
      scopes: ['checkin:members', 'read:memberships'],
      query: LocationQuery,
      responses: { 200: { description: 'Today', schema: TodaySummary } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, query }) => ok(await todaySummary(db, actor, query.location_id, clock)),
    }),
    defineRoute({
      method: 'GET',
      path: '/desk-scans',
      operationId: 'webDeskScans',
      summary: 'Unknown cards read at desk readers in the last two minutes, newest first',
      tag: 'Web desk',
      scopes: ['write:memberships'],
      query: ScanQuery,
      responses: { 200: { description: 'Recent unknown reads', schema: DeskScanList } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, query }) => ok({ data: await recentDeskScans(db, actor, query, clock) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/desk-scans/:id/enrol',
      operationId: 'webEnrolDeskScan',
      summary: "Enrol a desk scan's card to a membership",
      tag: 'Web desk',
      scopes: ['write:memberships'],
      params: IdParams,
      body: EnrolScanRequest,
      responses: { 201: { description: 'The card, by its last four', schema: EnrolledCard } },
      errors: ['resource_missing', 'location_not_allowed', 'card_taken', 'scan_claimed', 'scan_expired'],
      handler: async ({ db, actor, params, body }) => {
        const card = await enrolScan(db, actor, params.id, body.membership_id, clock);
        const row = await db.first(db.qb.selectFrom('credentials').select('value').where('id', '=', card.id));
        return created(enrolled(card, row?.value ?? ''));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/cards',
      operationId: 'webEnrolTypedCard',
      summary: 'Enrol a card by its typed number',
      tag: 'Web desk',
      scopes: ['write:memberships'],
      body: EnrolTypedCardRequest,
      responses: { 201: { description: 'The card, by its last four', schema: EnrolledCard } },
      errors: ['resource_missing', 'location_not_allowed', 'card_taken'],
      handler: async ({ db, actor, body }) => created(enrolled(await enrolTypedCard(db, actor, body, clock), body.uid)),
    }),
    defineRoute({
      method: 'POST',
      path: '/cards/:id/revoke',
      operationId: 'webRevokeCard',
      summary: 'Revoke a card at once',
      tag: 'Web desk',
      scopes: ['write:memberships'],
      params: IdParams,
      responses: { 200: { description: 'The revoked card', schema: RevokedCard } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, params }) => ok(await revokeCard(db, actor, params.id, clock)),
    }),
    defineRoute({
      method: 'GET',
      path: '/members',
      operationId: 'webSearchMembers',
      summary: "Search members as the contacts list does, each with the best membership's status and plan and the last visit",
      tag: 'Web desk',
      scopes: ['read:contacts', 'read:memberships'],
      query: MemberSearchQuery,
      responses: { 200: { description: 'The first matches', schema: MemberSearchResults } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, query, cursors }) => ok({ data: await searchMembers(db, actor, query, cursors) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/members/:id',
      operationId: 'webMemberProfile',
      summary: "A member's page: contact, memberships, cards, recent visits and refusals, bookings",
      tag: 'Web desk',
      scopes: ['read:memberships'],
      params: IdParams,
      responses: { 200: { description: 'The profile', schema: MemberProfile } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, params }) => ok(await memberProfile(db, actor, params.id, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/memberships/:id/status',
      operationId: 'webSetMembershipStatus',
      summary: "Change a membership's status (pause, end a pause, cancel, mark past due)",
      tag: 'Web desk',
      scopes: ['write:memberships'],
      params: IdParams,
      body: MembershipStatusChange,
      responses: { 200: { description: 'The new status', schema: MembershipStatusChanged } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, params, body }) => ok(await setMembershipStatus(db, actor, params.id, body.status, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/contacts/:id/form-signed',
      operationId: 'webSetFormSigned',
      summary: 'Record that a contact signed the required form, or no longer has',
      tag: 'Web desk',
      scopes: ['write:memberships'],
      params: IdParams,
      body: FormSignedChange,
      responses: { 200: { description: 'The contact', schema: FormSignedChanged } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, params, body }) => ok(await setFormSigned(db, actor, params.id, body.signed ? toIso(clock()) : null, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/members/:id/check-in',
      operationId: 'webDeskCheckIn',
      summary: 'Check a member in at the desk; an owner or manager may override a refusal with a reason',
      tag: 'Web desk',
      scopes: ['checkin:members'],
      params: IdParams,
      body: DeskCheckInRequest,
      // A double click or a retried request with the same Idempotency-Key replays the first answer instead of a second visit.
      idempotent: true,
      responses: { 201: { description: 'The visit', schema: Visit }, 200: { description: 'Already checked into the class', schema: Visit } },
      errors: ['resource_missing', 'location_not_allowed', 'member_not_found', 'checkin_blocked', 'role_not_allowed', 'idempotency_key_reused', 'idempotency_key_in_use'],
      handler: async ({ db, actor, params, body }) => {
        const { visit, created: isNew } = await deskCheckIn(db, actor, params.id, body, clock);
        return { status: isNew ? 201 : 200, body: visit };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/checkin-overrides',
      operationId: 'webCheckinOverrides',
      summary: 'Refused check-ins let through by an owner or manager, newest first',
      tag: 'Web desk',
      scopes: ['checkin:members'],
      query: LocationQuery,
      responses: { 200: { description: 'The overrides', schema: CheckinOverrideList } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, query }) => {
        const location = await requireLocation(db, db, actor, query.location_id);
        const rows = await listOverrides(db, actor.companyId, { locationId: location.id });
        return ok({
          data: rows.map((row) => ({
            id: row.id,
            at: row.at,
            location_id: row.location_id,
            visit_id: row.visit_id,
            contact_id: row.contact_id,
            actor: row.actor_name,
            reasons: row.reasons,
            reason: row.reason,
          })),
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/keys',
      operationId: 'webListKeys',
      summary: "The company's API keys this staff member may manage",
      tag: 'Web desk',
      scopes: [],
      query: ApiKeyListQuery,
      responses: { 200: { description: 'The keys', schema: ApiKeyList } },
      errors: ['role_not_allowed'],
      handler: async ({ db, actor, query }) => ok({ data: await listStaffKeys(db, actor, query.environment) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/keys',
      operationId: 'webCreateKey',
      summary: 'Create an API key (password again); the secret is in this answer only',
      tag: 'Web desk',
      scopes: [],
      body: ApiKeyCreate,
      responses: { 201: { description: 'The key and its secret', schema: ApiKeyCreated } },
      errors: ['role_not_allowed', 'location_not_allowed', 'invalid_credentials', 'resource_missing'],
      handler: async ({ db, actor, body }) => created(await createStaffKey(db, actor, body, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/keys/:id/revoke',
      operationId: 'webRevokeKey',
      summary: 'Revoke an API key at once (password again)',
      tag: 'Web desk',
      scopes: [],
      params: IdParams,
      body: Reauthentication,
      responses: { 200: { description: 'The revoked key', schema: ApiKeyView } },
      errors: ['role_not_allowed', 'location_not_allowed', 'invalid_credentials', 'resource_missing'],
      handler: async ({ db, actor, params, body }) => ok(await revokeStaffKey(db, actor, params.id, body.password, clock)),
    }),
  ];
}

/** The list on the system clock, for what only enumerates it; the app mounts `deskRoutes(its staff-auth clock)` (web/routes.ts). */
export const deskWebRoutes = deskRoutes();
