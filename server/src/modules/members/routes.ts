import { CheckInRequest, EligibilityFeed, EligibilityFeedQuery, IdParams, ResolveRequest, ResolveResult, Visit, VisitListQuery, page } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { requireLocation } from '../../plugins/auth.js';
import { requireContactInReach, requireMembershipInReach } from '../../plugins/reach.js';
import { checkIn } from './checkin.js';
import { eligibilityFeed } from './feed.js';
import { evaluateIdentifier, resolveResult } from './resolve.js';
import { listVisits } from './visits.js';

export const memberRoutes = [
  defineRoute({
    method: 'POST',
    path: '/members/resolve',
    operationId: 'resolveMember',
    summary: 'Resolve a member code or card, and say whether they may check in',
    description:
      'Records nothing. Always 200: an unknown identifier answers `found: false` with reason `not_found`. The identifier is read the ways the location\'s matching profile allows (decimal, hex, Wiegand 26, reversed byte order). `warnings` lists rules the location set to warn rather than block.',
    tag: 'Members',
    scopes: ['checkin:members'],
    body: ResolveRequest,
    responses: { 200: { description: 'The member and their eligibility here, now', schema: ResolveResult } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) => {
      const location = await requireLocation(ctx.db, ctx.sql, ctx.auth, ctx.body.location_id);
      return ok(resolveResult(await evaluateIdentifier(ctx.db, ctx.sql, ctx.auth, location, ctx.body.identifier, new Date())));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/members/check-in',
    operationId: 'checkInMember',
    summary: 'Record a facility check-in',
    description:
      'Names the member by exactly one of `identifier`, `membership_id` or `contact_id` (the contact\'s valid membership is used). A refusal answers 422 `checkin_blocked` with every cause in `reasons` and is kept as an audit record, never counted. A visit a device let in while offline (`offline: true`, a past `checked_in_at`) is always recorded, with `flags` such as `ineligible_at_checkin` for staff to follow up; one reported more than 5 minutes ahead of the server\'s clock is recorded at the server\'s time with the flag `device_clock_ahead`.',
    tag: 'Members',
    scopes: ['checkin:members'],
    body: CheckInRequest,
    idempotent: true,
    responses: { 201: { description: 'The visit', schema: Visit } },
    errors: ['resource_missing', 'location_not_allowed', 'member_not_found', 'checkin_blocked', 'idempotency_key_reused', 'idempotency_key_in_use'],
    handler: async (ctx) => {
      // The location first, as every route aims: a member named outside the key's reach is then 403 (plugins/reach.ts).
      await requireLocation(ctx.db, ctx.sql, ctx.auth, ctx.body.location_id);
      const { identifier, contact_id: contactId, membership_id: membershipId } = ctx.body;
      // Naming two at once is refused by checkIn itself, as invalid_param.
      const named = [identifier, contactId, membershipId].filter((field) => field !== undefined).length;
      if (named === 1 && contactId !== undefined) await requireContactInReach(ctx.db, ctx.sql, ctx.auth, contactId, 'contact_id');
      if (named === 1 && membershipId !== undefined) await requireMembershipInReach(ctx.db, ctx.sql, ctx.auth, membershipId, 'membership_id');
      return checkIn(ctx, ctx.body);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/members/eligibility',
    operationId: 'memberEligibilityFeed',
    summary: 'The offline eligibility feed for device agents',
    description:
      'Every credential that can admit at the location, with the facts the check-in rules read, so an agent decides offline with the same rules (`decide` in the shared package). Without `cursor`: from the beginning (a full load, page by page while `has_more`). With the last `next_cursor`: only what changed since, including tombstones (`deleted: true`) for revoked credentials and ended memberships. Any change that alters a decision (status, a signed form, a revoked or added credential, a visit against a limited allowance) appears in the next delta. Credentials are named by an HMAC of their match key with `credential_hash_key`; raw codes and card numbers never leave the server.',
    tag: 'Members',
    scopes: ['checkin:members'],
    query: EligibilityFeedQuery,
    responses: { 200: { description: 'A page of the feed', schema: EligibilityFeed } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) => ok(await eligibilityFeed(ctx, ctx.query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/members/:id/visits',
    operationId: 'listMembershipVisits',
    summary: 'List a membership\'s check-ins',
    description: '`id` is a membership id. Newest first; class check-ins that used the membership appear with `kind: "class"`.',
    tag: 'Members',
    scopes: ['checkin:members', 'read:memberships'],
    params: IdParams,
    query: VisitListQuery,
    responses: { 200: { description: 'A page of visits', schema: page(Visit) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) => ok(await listVisits(ctx, ctx.params.id, ctx.query)),
  }),
];
