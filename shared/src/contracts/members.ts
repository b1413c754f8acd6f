import { defineContract } from './contract.js';
import { IdParams, page } from '../schemas/common.js';
import { CheckInRequest, EligibilityFeed, EligibilityFeedQuery, ResolveRequest, ResolveResult, Visit, VisitListQuery } from '../schemas/members.js';
import { VoidVisitRequest, VoidedVisit } from '../schemas/visit-void.js';

export const membersContracts = {
  resolveMember: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/members/resolve',
    operationId: 'resolveMember',
    summary: 'Resolve a member code or card, and say whether they may check in',
    description:
      "Records nothing. Always 200: an unknown identifier answers `found: false` with reason `not_found`. The identifier is read the ways the location's matching profile allows (decimal, hex, Wiegand 26, reversed byte order). `warnings` lists rules the location set to warn rather than block.",
    tag: 'Members',
    scopes: ['checkin:members'],
    body: ResolveRequest,
    responses: { 200: { description: 'The member and their eligibility here, now', schema: ResolveResult } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  checkInMember: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/members/check-in',
    operationId: 'checkInMember',
    summary: 'Record a facility check-in',
    description:
      "Names the member by exactly one of `identifier`, `membership_id` or `contact_id` (the contact's valid membership is used). A refusal answers 422 `checkin_blocked` with every cause in `reasons` and is kept as an audit record, never counted. `source` is the caller's own (`api` for an API key, `staff` for a staff session, which records the account, the device's kind for a device key); `offline`, a `checked_in_at` more than 5 minutes in the past, another `source` and a `device_id` are a device key's only, for its own device (else 403 `device_only`). A visit a device let in while offline (`offline: true`, a past `checked_in_at`) is always recorded, with `flags` such as `ineligible_at_checkin` for staff to follow up; one reported more than 5 minutes ahead of the server's clock is recorded at the server's time with the flag `device_clock_ahead`. A member holding a spot in a class at this location whose check-in window (see `checkInToClass`) holds the time is checked into that class: the answer is 201 with one visit of kind `class` whose `class_id` names the class the entry was counted as, keeping the door's `source`, `device_id`, `resolved_by` and `offline`; the class's credit is consumed once and the roster updated. If they were checked into it already (kiosk, API, an earlier door entry) the answer is 200 with that visit, as recorded then, and nothing is consumed again. Without such a spot, the plan's or package's `door_checkin_consumes` decides: `visit` (default) uses a visit or credit, `nothing` records the visit with `counted: false`.",
    tag: 'Members',
    scopes: ['checkin:members'],
    body: CheckInRequest,
    idempotent: true,
    responses: { 201: { description: 'The visit', schema: Visit }, 200: { description: 'Already checked into the class this door entry belongs to: its visit, unchanged', schema: Visit } },
    errors: ['resource_missing', 'location_not_allowed', 'device_only', 'member_not_found', 'checkin_blocked', 'idempotency_key_reused', 'idempotency_key_in_use'],
  }),
  memberEligibilityFeed: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/members/eligibility',
    operationId: 'memberEligibilityFeed',
    summary: 'The offline eligibility feed for device agents',
    description:
      'Every live credential of the company, with the facts the check-in rules read at this location, so an agent decides offline with the same rules (`decide` in the shared package) and the same reason as `POST /members/resolve`: a cancelled, ended or paused membership, or one whose plan does not admit this location, is a row with its reason (`first_name` and `plan_name` are empty for a member of another location the plan does not admit here). Without `cursor`: from the beginning (a full load, page by page while `has_more`). With the last `next_cursor`: only what changed since, including tombstones (`deleted: true`) for revoked credentials, which resolve no longer finds (`not_found`). `next_cursor` is opaque and sealed: it shows no position. Any change that alters a decision (status, a signed form, a revoked or added credential, a visit against a limited allowance) appears in the next delta. Credentials are named by an HMAC of their match key with `credential_hash_key`; raw codes and card numbers never leave the server.',
    tag: 'Members',
    scopes: ['checkin:members'],
    query: EligibilityFeedQuery,
    responses: { 200: { description: 'A page of the feed', schema: EligibilityFeed } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  listMembershipVisits: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/members/:id/visits',
    operationId: 'listMembershipVisits',
    summary: "List a membership's check-ins",
    description: '`id` is a membership id. Newest first; class check-ins that used the membership appear with `kind: "class"`.',
    tag: 'Members',
    scopes: ['checkin:members', 'read:memberships'],
    params: IdParams,
    query: VisitListQuery,
    responses: { 200: { description: 'A page of visits', schema: page(Visit) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  voidVisit: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/members/visits/:id/void',
    operationId: 'voidVisit',
    summary: 'Void a facility visit whose door never opened',
    description:
      "`id` is a visit id. A device agent calls this with its device key when it checked a member in and then its relay failed to open the door (`reason: door_not_opened`): the member was never let in and is not charged. A device voids only the visits it recorded (else 403 `device_only`); an owner or manager voids any visit at their locations with `reason: recorded_in_error` and a `note`, written to the staff audit log; any other caller is refused (an API key 403 `device_only`, the front desk 403 `role_not_allowed`). The visit is kept for the audit trail with its `voided_at`, no longer counts against a visit limit or a pack's credits (the eligibility feed's next delta carries the new count), and `GET /members/{id}/visits` leaves it out. Idempotent: voiding a voided visit answers 200 with the first void and changes nothing. The visit must be of the key's company (else 404) and at a location the key may act on (else 403); only a facility visit can be voided (a class check-in is undone on the class).",
    tag: 'Members',
    scopes: ['checkin:members'],
    roles: ['owner', 'manager'],
    params: IdParams,
    body: VoidVisitRequest,
    responses: { 200: { description: 'The voided visit', schema: VoidedVisit } },
    errors: ['resource_missing', 'location_not_allowed', 'device_only', 'role_not_allowed', 'missing_field'],
  }),
};
