import { z } from 'zod';
import { languages } from '../i18n/languages.js';
import { Id, IdParams, Timestamp } from '../schemas/common.js';
import { defineContract } from './contract.js';

/** One try to send a member's email: taken by the provider, refused or unreachable (its answer, short), no provider set, or recorded unsent in test mode. */
export const MemberMessageAttempt = z.strictObject({
  at: Timestamp,
  outcome: z.enum(['sent', 'failed', 'not_configured', 'test_mode']),
  detail: z.string().nullable().describe("The provider's answer or the connection's error for a failed attempt, e.g. `451 Try again later`"),
});

/** A member's email as staff see it on the member's page: what, to where, how it went. Never its values (a sign-in code). */
export const MemberMessageView = z.strictObject({
  id: Id,
  template: z.string().describe('Which message: sign_in_code, booking_confirmed, booking_cancelled, booking_moved, waitlist_promoted, waitlist_offer, class_cancelled, class_reminder, pass_invite'),
  language: z.enum(languages),
  to: z.string(),
  location_id: Id.nullable(),
  status: z
    .enum(['queued', 'sent', 'failed', 'test_mode'])
    .describe(
      "queued: waiting for its first or next attempt; failed: given up after its last retry (or not wanted any more, as a cancelled spot's reminder); test_mode: a test-mode company's, recorded and never sent",
    ),
  created_at: Timestamp,
  sent_at: Timestamp.nullable(),
  next_attempt_at: Timestamp.nullable().describe('When a queued message is tried next'),
  attempts: z.array(MemberMessageAttempt).describe('Oldest first'),
});

export const MemberMessageList = z.strictObject({ data: z.array(MemberMessageView).describe('Newest first, the last 50') });

/** How this box sends members' emails, as the settings page shows it: never the password. */
export const MessageSettingsView = z.strictObject({
  smtp: z
    .strictObject({
      host: z.string(),
      port: z.number().int(),
      secure: z.boolean().describe('TLS from the first byte (SMTP_SECURE=on); else STARTTLS when offered'),
      from: z.string(),
      signs_in: z.boolean().describe('Whether it signs in at the provider (SMTP_USER and SMTP_PASSWORD set); the password is never shown'),
    })
    .nullable()
    .describe("null: no provider (SMTP_HOST unset): members' emails are not sent, they wait in the outbox"),
});

export const webMessagesContracts = {
  webMemberMessages: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/members/:id/messages',
    operationId: 'webMemberMessages',
    summary: "A member's emails (sign-in codes, booking news, reminders) with every attempt to send each",
    tag: 'Web desk',
    scopes: ['read:contacts'],
    params: IdParams,
    responses: { 200: { description: 'The last 50 messages, newest first', schema: MemberMessageList } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  webMessageSettings: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/messages/settings',
    operationId: 'webMessageSettings',
    summary: "How this box sends members' emails: the SMTP provider's host, port and sender, or none",
    tag: 'Web setup',
    scopes: [],
    roles: ['owner', 'manager'],
    responses: { 200: { description: 'The settings, without the password', schema: MessageSettingsView } },
    errors: ['role_not_allowed'],
  }),
};
