import { z } from 'zod';
import { defineContract } from './contract.js';
import { Id, IdParams, Timestamp } from '../schemas/common.js';
import { MemberPassSent, MemberPassStatus } from '../schemas/member-pass.js';

export const PassKeyRotation = z.object({
  location_id: Id,
  epoch: z.number().int().describe("The location's new key epoch"),
  previous_retires_at: Timestamp.describe("When members' passes made with the key before stop opening the doors"),
});

export const webPassesContracts = {
  webRotatePassKeys: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/passes/rotate',
    operationId: 'webRotatePassKeys',
    summary:
      "Start a new pass key at a location: every member's phone pass (and any screenshot of one) stops opening its doors a minute later, once the agents have synced; members' apps fetch their new key",
    tag: 'Web devices',
    scopes: [],
    roles: ['owner', 'manager'],
    body: z.strictObject({ location_id: Id }),
    responses: { 200: { description: 'The new epoch and when the key before retires', schema: PassKeyRotation } },
    errors: ['role_not_allowed', 'location_not_allowed', 'resource_missing'],
  }),
  webMemberPass: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/members/:id/pass',
    operationId: 'webMemberPass',
    summary: "Whether the member has opened their phone pass in the members' app (and when), and when staff last revoked it",
    tag: 'Web desk',
    scopes: ['read:contacts'],
    params: IdParams,
    responses: { 200: { description: "The member's pass", schema: MemberPassStatus } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  webRevokeMemberPass: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/members/:id/pass/revoke',
    operationId: 'webRevokeMemberPass',
    summary:
      "Revoke the member's phone passes (a lost phone, a shared pass): every pass and screenshot of theirs stops opening the doors once the agents have synced, and the member is signed out of the members' app on every device; signing in again gives them a new pass",
    tag: 'Web desk',
    scopes: ['write:contacts'],
    params: IdParams,
    responses: { 200: { description: "The member's pass, revoked", schema: MemberPassStatus } },
    errors: ['resource_missing', 'location_not_allowed', 'csrf_failed'],
  }),
  webSendMemberPass: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/members/:id/pass/send',
    operationId: 'webSendMemberPass',
    summary: "Email the member a link to the Pass screen of the members' app (the pass itself is never emailed)",
    tag: 'Web desk',
    scopes: ['write:contacts'],
    params: IdParams,
    responses: { 200: { description: 'The email is queued', schema: MemberPassSent } },
    errors: ['resource_missing', 'location_not_allowed', 'missing_field', 'csrf_failed'],
  }),
};
