import { z } from 'zod';
import { languages } from '../i18n/languages.js';
import { Id, Timestamp, list } from './common.js';

/**
 * The members' app's sign-in and sessions, below `/m/api` (server/src/web/member/): no passwords,
 * a 6-digit code or a link sent by email (docs/member-sign-in.md). Writes carry a same-origin
 * `Origin`, and once signed in the session's CSRF token in `X-CSRF-Token`, as the staff app's do.
 */

export const MemberEmail = z.string().trim().max(254).pipe(z.email());

export const SignInCodeRequest = z.strictObject({
  email: MemberEmail,
  location: z.string().min(1).max(100).describe("The location's slug or id: the app's own location, whose language the email is written in"),
  company_id: Id.optional().describe('Needed only when the server holds more than one business with a location of that slug'),
});
export type SignInCodeRequest = z.infer<typeof SignInCodeRequest>;

export const SignInCodeSent = z.object({
  minutes: z.number().int().describe('How long a code works'),
  message: z.string().describe('The same words whether or not the email belongs to a member'),
});

/** The 6 digits typed with the email they were sent to, or the secret of the emailed link alone. */
export const MemberSignInRequest = z.union([
  z.strictObject({ email: MemberEmail, code: z.string().regex(/^\d{6}$/, 'the 6 digits of the email') }),
  z.strictObject({ link_secret: z.string().min(20).max(200) }),
]);
export type MemberSignInRequest = z.infer<typeof MemberSignInRequest>;

/** How a location's members' app looks: its name, logo and accent colour, as its kiosk does. */
export const MemberAppLocation = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable().describe('The logo as a data URL (PNG, JPEG or WebP), or null'),
  accent_colour: z.string().describe('The accent colour as #RRGGBB'),
  language: z.enum(languages).describe("The location's language"),
});

export const MemberAppLocationQuery = z.strictObject({
  location: z.string().min(1).max(100).describe("The location's slug or id, from the app's address"),
  company_id: Id.optional().describe('Needed only when the server holds more than one business with a location of that slug'),
});

/** The web app manifest of a location's members' app: installed, it opens at that location, in its name and colour. */
export const MemberAppManifest = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
});

export const MemberView = z.object({
  contact_id: Id,
  first_name: z.string(),
  location: MemberAppLocation,
  language: z.enum(languages).describe("The location's language"),
  csrf_token: z.string().describe('Sent back in X-CSRF-Token on every write'),
});
export type MemberView = z.infer<typeof MemberView>;

export const MemberSessionView = z.object({
  id: Id,
  created_at: Timestamp,
  last_seen_at: Timestamp,
  device: z.string().nullable().describe('The browser and system the session was opened on, from its User-Agent ("Firefox on Android")'),
  current: z.boolean().describe('This request came with this session'),
});
export const MemberSessionList = list(MemberSessionView);

/** A member's sessions as staff see them on the member's page (no `current`: the staff member's own is not among them). */
export const StaffMemberSessionView = MemberSessionView.omit({ current: true });
export const StaffMemberSessionList = list(StaffMemberSessionView);

export const EndedSessions = z.object({ ended: z.number().int().describe('How many sessions were open and are now ended') });
