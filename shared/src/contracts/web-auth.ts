import { defineContract } from './contract.js';
import { OpenSessionList, OwnerSetupRequest, SignInRequest, StaffSessionView } from '../schemas/web-app.js';
import { z } from 'zod';

const tag = 'Web app: sessions';
export const NoContent = z.undefined();

export const webAuthContracts = {
  webSignIn: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/sign-in',
    operationId: 'webSignIn',
    summary: 'Sign in with email and password; sets the session cookie',
    tag,
    scopes: [],
    signedOut: true,
    body: SignInRequest,
    responses: { 200: { description: 'Signed in', schema: StaffSessionView } },
    errors: ['invalid_credentials', 'rate_limited', 'csrf_failed'],
  }),
  webOwnerSetup: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/setup',
    operationId: 'webOwnerSetup',
    summary: 'Create the first owner from a one-time setup link, and sign them in',
    tag,
    scopes: [],
    signedOut: true,
    body: OwnerSetupRequest,
    responses: { 201: { description: 'The owner, signed in', schema: StaffSessionView } },
    errors: ['setup_link_invalid', 'email_taken', 'csrf_failed', 'rate_limited'],
  }),
  webSession: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/session',
    operationId: 'webSession',
    summary: 'Who is signed in, where they work, and the CSRF token for writes',
    tag,
    scopes: [],
    responses: { 200: { description: 'The session', schema: StaffSessionView } },
  }),
  webSignOut: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/sign-out',
    operationId: 'webSignOut',
    summary: 'End this session and clear its cookie',
    tag,
    scopes: [],
    responses: { 204: { description: 'Signed out', schema: NoContent } },
  }),
  webSignOutEverywhere: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/sign-out-everywhere',
    operationId: 'webSignOutEverywhere',
    summary: 'End every session of the signed-in staff member, on every device (recorded in the audit log)',
    tag,
    scopes: [],
    responses: { 204: { description: 'Signed out everywhere', schema: NoContent } },
  }),
  webListSessions: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/sessions',
    operationId: 'webListSessions',
    summary: "The signed-in staff member's open sessions, newest first; `current` marks this one",
    tag,
    scopes: [],
    responses: { 200: { description: 'Open sessions', schema: OpenSessionList } },
  }),
};
