import { z } from 'zod';
import { defineContract } from './contract.js';
import { Id, IdParams } from '../schemas/common.js';
import {
  EndedSessions,
  MemberAppLocation,
  MemberAppLocationQuery,
  MemberAppManifest,
  MemberSessionList,
  MemberSignInRequest,
  MemberView,
  SignInCodeRequest,
  SignInCodeSent,
  StaffMemberSessionList,
} from '../schemas/member-auth.js';

const tag = 'Members app: sign-in';
const NoContent = z.undefined();

/**
 * The members' app's sign-in and sessions, below /m/api with a member session (server/src/web/member/).
 * A member session reaches these routes only; every /v1 and /app/api route refuses it.
 */
export const memberAuthContracts = {
  memberAppLocation: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/location',
    operationId: 'memberAppLocation',
    summary: 'The location a members’ app address names: its name, logo, accent colour and language, shown before anyone signs in',
    tag,
    scopes: [],
    signedOut: true,
    query: MemberAppLocationQuery,
    responses: { 200: { description: 'The location', schema: MemberAppLocation } },
    errors: ['resource_missing', 'missing_field'],
  }),
  memberAppManifest: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/manifest',
    operationId: 'memberAppManifest',
    summary: 'The web app manifest of a location’s members’ app: installed, the app opens at that location, with its name and colour',
    tag,
    scopes: [],
    signedOut: true,
    query: MemberAppLocationQuery,
    responses: { 200: { description: 'The manifest', schema: MemberAppManifest } },
    errors: ['resource_missing', 'missing_field'],
  }),
  memberRequestSignInCode: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/sign-in/code',
    operationId: 'memberRequestSignInCode',
    summary: 'Email a 6-digit sign-in code and a sign-in link to a member of the location; the same answer whether or not the email is a member’s',
    tag,
    scopes: [],
    signedOut: true,
    body: SignInCodeRequest,
    responses: { 202: { description: 'If the email is a member’s, a code is on its way', schema: SignInCodeSent } },
    errors: ['resource_missing', 'rate_limited', 'csrf_failed'],
  }),
  memberSignIn: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/sign-in',
    operationId: 'memberSignIn',
    summary: 'Sign in with the email and its code, or with the link’s secret; sets the member session cookie',
    tag,
    scopes: [],
    signedOut: true,
    body: MemberSignInRequest,
    responses: { 200: { description: 'Signed in', schema: MemberView } },
    errors: ['sign_in_code_invalid', 'rate_limited', 'csrf_failed'],
  }),
  memberMe: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/me',
    operationId: 'memberMe',
    summary: 'The signed-in member: first name, location, language and the CSRF token for writes',
    tag,
    scopes: [],
    responses: { 200: { description: 'The member', schema: MemberView } },
  }),
  memberListSessions: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/sessions',
    operationId: 'memberListSessions',
    summary: "The member's open sessions (one per device), newest first; `current` marks this one",
    tag,
    scopes: [],
    responses: { 200: { description: 'Open sessions', schema: MemberSessionList } },
  }),
  memberEndSession: defineContract({
    mount: 'member',
    method: 'DELETE',
    path: '/sessions/:id',
    operationId: 'memberEndSession',
    summary: "End one of the member's own sessions (another device, or this one)",
    tag,
    scopes: [],
    params: IdParams,
    responses: { 204: { description: 'Ended', schema: NoContent } },
    errors: ['resource_missing', 'csrf_failed'],
  }),
  memberSignOut: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/sign-out',
    operationId: 'memberSignOut',
    summary: 'End this session and clear its cookie',
    tag,
    scopes: [],
    responses: { 204: { description: 'Signed out', schema: NoContent } },
    errors: ['csrf_failed'],
  }),
};

/** The staff web app's view of a member's sessions, on the member's page (below /app/api). */
export const webMemberSessionsContracts = {
  webMemberSessions: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/members/:id/app-sessions',
    operationId: 'webMemberSessions',
    summary: "A member's open sessions in the members' app, newest first",
    tag: 'Web desk',
    scopes: ['read:contacts'],
    params: IdParams,
    responses: { 200: { description: 'Open sessions', schema: StaffMemberSessionList } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  webEndMemberSessions: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/members/:id/app-sessions/end',
    operationId: 'webEndMemberSessions',
    summary: "Sign a member out of the members' app: one session (`session_id`) or, without it, every device",
    tag: 'Web desk',
    scopes: ['write:contacts'],
    params: IdParams,
    body: z.strictObject({ session_id: Id.optional().describe('One session; every open one when left out') }),
    responses: { 200: { description: 'Ended', schema: EndedSessions } },
    errors: ['resource_missing', 'location_not_allowed', 'csrf_failed'],
  }),
};
