import { z } from 'zod';
import { languages } from '../i18n/languages.js';
import { Count, Id, Timestamp, list } from './common.js';
import { Contact } from './contacts.js';
import { Environment } from './events.js';
import { DeskScan } from './desk-scans.js';
import { DeviceKind, KeyDevice } from './devices.js';
import { HeldMembership } from './memberships.js';
import { EligibilityReason, VisitFlag, checkinSources } from './members.js';
import { scopes } from './scopes.js';
import { WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointUpdate } from './webhooks.js';

/**
 * The staff web app's own endpoints, below `/app/api` (server/src/web/). The web app reads and
 * changes everything else through the API's own routes mounted at `/app/api/v1/…`: the same
 * schemas, services and rules as `/v1`, with a staff session (cookie) in place of an API key.
 * Every state-changing request carries the session's CSRF token in `X-CSRF-Token` and a
 * same-origin `Origin`.
 */

export const staffRoles = ['owner', 'manager', 'front_desk'] as const;
export const StaffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof StaffRole>;

/**
 * What a new password must be, the same in the server (which refuses with 422 password_too_weak)
 * and the browser (which says so while typing): at least 10 characters, and a zxcvbn score of at
 * least 3 of 4, no composition rules.
 */
export const passwordRule = { minLength: 10, maxLength: 256, minScore: 3, scoredLength: 64 } as const;

/**
 * The part of a password zxcvbn scores: its first 64 characters. zxcvbn's time grows quickly with
 * the length (half a second for 256 crafted characters, blocking the server), and 64 characters
 * that are hard to guess make a password hard to guess whatever follows.
 */
export function scoredPart(password: string): string {
  return password.slice(0, passwordRule.scoredLength);
}
export type PasswordVerdict = 'too_short' | 'too_long' | 'too_weak' | 'strong';

/** The verdict on a new password from its zxcvbn score; the length is counted in characters, not UTF-16 units. */
export function passwordVerdict(password: string, score: number): PasswordVerdict {
  const length = [...password].length;
  if (length < passwordRule.minLength) return 'too_short';
  if (password.length > passwordRule.maxLength) return 'too_long';
  return score < passwordRule.minScore ? 'too_weak' : 'strong';
}

/** The words a guesser would try first for a person (zxcvbn's user inputs): their email, its name part, their name, the studio's. */
export function personalWords(words: readonly (string | null | undefined)[]): string[] {
  const all = words.flatMap((word) => (word ? [word, ...(word.includes('@') ? [word.split('@')[0]!] : [])] : []));
  return [...new Set(all.map((word) => word.toLowerCase()))];
}

/** A new password: its strength is judged by the server (422 password_too_weak), not by this schema. */
export const Password = z.string().min(1).max(passwordRule.maxLength);
export const StaffEmail = z.email().max(254);
const DisplayName = z.string().trim().min(1).max(100);

export const SignInRequest = z.strictObject({
  email: StaffEmail,
  password: z.string().min(1).max(256),
  company_id: Id.optional().describe('Needed only when the server holds more than one business'),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/** First owner, from the one-time setup link (`studio-server accounts setup-link`). */
export const OwnerSetupRequest = z.strictObject({
  token: z.string().min(1).max(200),
  email: StaffEmail,
  display_name: DisplayName,
  password: Password,
});
export type OwnerSetupRequest = z.infer<typeof OwnerSetupRequest>;

export const SessionLocation = z.object({
  id: Id,
  name: z.string(),
  time_zone: z.string(),
  country: z.string(),
  currency: z.string(),
  /** The location's language: its kiosk's, and the web app's for staff who chose none. */
  language: z.enum(languages),
});

/** PATCH /app/api/account/language: the signed-in account's own language, or null to follow the location's. */
export const OwnLanguageChange = z.strictObject({ language: z.enum(languages).nullable() });
export type OwnLanguageChange = z.infer<typeof OwnLanguageChange>;
export type SessionLocation = z.infer<typeof SessionLocation>;

/** GET /app/api/session: who is signed in, where they work, and the token writes must carry. */
export const StaffSessionView = z.object({
  account: z.object({
    id: Id,
    email: z.string(),
    display_name: z.string(),
    role: StaffRole,
    location_ids: z.array(Id).nullable(),
    /** The account's own language; null: the language of the location being worked at. */
    language: z.enum(languages).nullable(),
  }),
  company: z.object({ id: Id, name: z.string() }),
  /** The locations this account works at (an owner: all), for the location picker. */
  locations: z.array(SessionLocation),
  csrf_token: z.string(),
  expires_at: Timestamp,
});
export type StaffSessionView = z.infer<typeof StaffSessionView>;

export const OpenSessionView = z.object({
  id: Id,
  created_at: Timestamp,
  last_seen_at: Timestamp,
  user_agent: z.string().nullable(),
  address: z.string().nullable(),
  current: z.boolean(),
});
export const OpenSessionList = list(OpenSessionView);

export const StaffAccountView = z.object({
  id: Id,
  email: z.string(),
  display_name: z.string(),
  role: StaffRole,
  location_ids: z.array(Id).nullable(),
  created_at: Timestamp,
  disabled_at: Timestamp.nullable(),
});
export type StaffAccountView = z.infer<typeof StaffAccountView>;
export const StaffAccountList = list(StaffAccountView);

export const StaffAccountCreate = z.strictObject({
  email: StaffEmail,
  display_name: DisplayName,
  role: StaffRole,
  location_ids: z.array(Id).nullable().describe('null: every location (owners only)'),
});

/** A one-time link that lets its holder set the account's password (an invitation or a reset): handed over by whoever made it. */
export const PasswordLink = z.object({
  url: z.string().describe("Below the server's address: `/app/password#<id>.<secret>`; the secret is shown this once"),
  expires_at: Timestamp,
});
export type PasswordLink = z.infer<typeof PasswordLink>;

/** POST /app/api/accounts: the account, with the invitation link its person sets their own password with. */
export const StaffAccountInvited = StaffAccountView.extend({ password_link: PasswordLink });
export type StaffAccountInvited = z.infer<typeof StaffAccountInvited>;

/** POST /app/api/password: a password link spent, with the password its holder chose. */
export const PasswordLinkUse = z.strictObject({
  link: z.string().min(1).max(200).describe('The part after `#` of the link: `<id>.<secret>`'),
  password: Password,
});
export type PasswordLinkUse = z.infer<typeof PasswordLinkUse>;

/** POST /app/api/account/password: the current password (counted as "password again" is) and the new one. */
export const OwnPasswordChange = z.strictObject({
  current_password: z.string().min(1).max(256),
  new_password: Password,
});
export type OwnPasswordChange = z.infer<typeof OwnPasswordChange>;
export const OwnPasswordChanged = z.object({ other_sessions_ended: Count });

/** GET /app/api/sign-in-page: what the signed-out page shows; nothing secret. */
export const SignInPageQuery = z.strictObject({ company_id: Id.optional() });
export const SignInPage = z.object({
  studio_name: z.string().nullable().describe('null while the server holds several businesses and none is named'),
  needs_owner: z.boolean().describe('The business has no active owner yet: the first one comes from the setup link `studio start` prints'),
});
export type SignInPage = z.infer<typeof SignInPage>;
export const StaffAccountAccess = z.strictObject({ role: StaffRole, location_ids: z.array(Id).nullable() });

/**
 * Who acted, by kind and never in words: the web app words it in the page's language. A staff
 * account by its current display name and the role it acted in; the business's own ways in (the
 * owner setup link, a password link, the `studio` command line); a device or an API key by id.
 */
export const ActorView = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('account'),
      account_id: Id,
      name: z.string().nullable().describe("The account's display name now; null: the account is gone"),
      role: StaffRole.nullable().describe('The role it acted in; null: not recorded in a role this server knows'),
    }),
    z.object({ kind: z.literal('setup_link').describe('The owner setup link `studio start` prints') }),
    z.object({ kind: z.literal('password_link').describe('An invitation or password reset link, used by its account') }),
    z.object({ kind: z.literal('command_line').describe('The `studio` command line on the server') }),
    z.object({ kind: z.literal('device'), device_id: z.string() }),
    z.object({ kind: z.literal('api_key'), key_id: z.string() }),
    z.object({ kind: z.literal('member'), contact_id: z.string().describe("A member, through the members' app") }),
    z.object({ kind: z.literal('system'), name: z.string().describe("Another of the server's own processes, by its internal name (not words to show as they are)") }),
  ])
  .meta({ id: 'ActorView' });
export type ActorView = z.infer<typeof ActorView>;

export const AuditEntryView = z.object({
  id: Id,
  at: Timestamp,
  actor: ActorView.describe('Who acted: a staff account with its role, the setup link, the command line, a device or a key'),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export const AuditLog = list(AuditEntryView);

/** Creating or revoking a key asks for the password again. */
export const Reauthentication = z.strictObject({ password: z.string().min(1).max(256) });

export const ApiKeyView = z.object({
  id: Id,
  environment: Environment,
  name: z.string(),
  last4: z.string(),
  scopes: z.array(z.enum(scopes)),
  location_ids: z.array(Id).nullable(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  device: KeyDevice.nullable().describe('The device a device key is bound to; null for any other key'),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;
export const ApiKeyList = list(ApiKeyView);
export const ApiKeyCreate = Reauthentication.extend({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(scopes)).min(1),
  location_ids: z.array(Id).min(1).nullable().describe('null: every location (owners only); for a test key, locations of the test data'),
  environment: Environment.default('live'),
});
/** Which keys the Developers page lists: live by default, or the test-mode keys. */
export const ApiKeyListQuery = z.strictObject({ environment: Environment.default('live') });
/** A device key from the Devices page: for one device of a kind at one location, with the scopes its kind needs. */
export const DeviceKeyCreate = Reauthentication.extend({
  location_id: Id,
  device_id: z.string().trim().min(1).max(100).describe("The agent's `device_id`; its config must name the same"),
  kind: DeviceKind,
  name: z.string().trim().min(1).max(100).optional(),
});
/** The secret is in this answer only. */
export const ApiKeyCreated = z.object({ key: ApiKeyView, secret: z.string() });

/** One row of the Today feed: a visit, a refused attempt, or a card nobody holds. */
export const TodayEvent = z.object({
  id: z.string().describe('Stable per row: `visit:<id>`, `denial:<id>`, `scan:<id>`'),
  kind: z.enum(['visit', 'denial', 'unknown_card']),
  at: Timestamp,
  location_id: Id,
  contact: z.object({ id: Id, name: z.string() }).nullable(),
  source: z.enum(checkinSources).nullable(),
  device_id: z.string().nullable(),
  offline: z.boolean(),
  flags: z.array(VisitFlag),
  reasons: z.array(EligibilityReason),
  /** The outcome in words, as the desk reads it ("Payment past due"). */
  message: z.string(),
  staff_name: z.string().nullable().describe('Who checked the member in at the desk (a visit of source `staff`): the staff display name'),
  last_four: z.string().nullable().describe("An unknown card's last four characters (a desk scan, or a refusal naming no member); never the whole number"),
});
export type TodayEvent = z.infer<typeof TodayEvent>;

export const TodaySummary = z.object({
  location_id: Id,
  /** Local day at the location, YYYY-MM-DD. */
  day: z.string(),
  checked_in: Count,
  refused: Count,
  /** An estimate; null where no door reports exits. */
  in_now: Count.nullable(),
  /** Newest first, at most 50. */
  events: z.array(TodayEvent),
});
export type TodaySummary = z.infer<typeof TodaySummary>;

/** A card read at a desk reader that no member holds (`DeskScan`, shared with the agents' `POST /v1/desk-scans`). */
export { DeskScan };
export const DeskScanList = list(DeskScan);
export const EnrolScanRequest = z.strictObject({ membership_id: Id });
export const EnrolTypedCardRequest = z.strictObject({ membership_id: Id, uid: z.string().trim().min(1).max(128) });

export const ProfileCard = z.object({ id: Id, membership_id: Id, last_four: z.string(), created_at: Timestamp });
export const ProfileVisit = z.object({ id: Id, location_id: Id, checked_in_at: Timestamp, source: z.enum(checkinSources), offline: z.boolean(), flags: z.array(VisitFlag), voided: z.boolean() });
export const ProfileDenial = z.object({ id: Id, location_id: Id, attempted_at: Timestamp, source: z.enum(checkinSources), reasons: z.array(EligibilityReason), message: z.string() });
export const ProfileBooking = z.object({ id: Id, kind: z.enum(['class', 'appointment']), title: z.string(), starts_at: Timestamp, status: z.string() });

/** GET /app/api/members/:id: everything the member's page shows, in one answer. */
export const MemberProfile = z.object({
  contact: Contact,
  form_signed_at: Timestamp.nullable(),
  memberships: z.array(HeldMembership),
  cards: z.array(ProfileCard),
  visits: z.array(ProfileVisit),
  denials: z.array(ProfileDenial),
  bookings: z.array(ProfileBooking),
});
export type MemberProfile = z.infer<typeof MemberProfile>;

export const MembershipStatusChange = z.strictObject({ status: z.enum(['active', 'paused', 'past_due', 'cancelled']) });
export const MembershipStatusChanged = z.object({ id: Id, status: z.string() });
export const FormSignedChange = z.strictObject({ signed: z.boolean() });
export const FormSignedChanged = z.object({ id: Id, form_signed_at: Timestamp.nullable() });

/** A card enrolled (from a desk scan or typed): by its last four only, as the profile lists it. */
export const EnrolledCard = ProfileCard;
export const RevokedCard = z.object({ id: Id, membership_id: Id, revoked_at: Timestamp });

/** A refused check-in an owner or manager let through: who, why, over which reasons. */
export const CheckinOverrideView = z.object({
  id: Id,
  at: Timestamp,
  location_id: Id,
  visit_id: Id,
  contact_id: Id,
  actor: ActorView.describe('Who let the member in: an owner or manager account with its role'),
  reasons: z.array(EligibilityReason),
  reason: z.string(),
});
export const CheckinOverrideList = list(CheckinOverrideView);

/** A check-in at the desk: the same rules as the door; a refusal may be overridden by a role allowed to, with a reason. */
export const DeskCheckInRequest = z.strictObject({
  location_id: Id,
  membership_id: Id.optional(),
  override_reason: z.string().trim().min(3).max(300).optional(),
  confirm_again: z
    .boolean()
    .optional()
    .describe('True when staff were told the member was checked in a few minutes ago and still want a second visit; without it that check-in is refused 409 `checked_in_recently`'),
});

/** GET /app/api/members: the search of the contacts list, narrowed the same way, first `limit` matches. */
export const memberStandings = ['active', 'paused', 'past_due', 'ended', 'none'] as const;
export const MemberSearchQuery = z.strictObject({
  search: z.string().trim().min(1).max(200).optional().describe('Every word must match the name, email or phone digits; case and accents ignored; without it, every member, by first name'),
  location_id: Id.optional(),
  status: z
    .enum(memberStandings)
    .optional()
    .describe("Only members whose best membership (the row's `status`) is active, paused or past due; `ended`: expired or cancelled and none better; `none`: holding no membership"),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(512).optional().describe('`next_cursor` of the page before, with the same filters'),
});
/** A search row: who the contact is and whether they can come in (their best membership: active over the others) and when they last did. */
export const MemberSearchRow = z.object({
  id: Id,
  location_id: Id,
  first_name: z.string(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string().nullable().describe("The best membership's status; null when the contact holds none"),
  plan_name: z.string().nullable(),
  last_visit_at: Timestamp.nullable(),
});
export type MemberSearchRow = z.infer<typeof MemberSearchRow>;
export const MemberSearchResults = z.object({ data: z.array(MemberSearchRow), next_cursor: z.string().nullable() });

/**
 * Settings -> Developers -> Webhooks (server/src/web/developers/): an owner's endpoints of either
 * environment. Every write to one (making, editing, enabling, disabling, rotating its secret,
 * deleting) asks for the password again; an id is acted on in the environment it belongs to.
 */
export const DeveloperEnvironmentQuery = z.strictObject({ environment: Environment.default('live') });
export const WebhookEndpointList = list(WebhookEndpoint);
export const WebhookEndpointCreateRequest = z.strictObject({
  ...WebhookEndpointCreate.shape,
  environment: Environment,
  password: Reauthentication.shape.password,
});
export type WebhookEndpointCreateRequest = z.input<typeof WebhookEndpointCreateRequest>;
/** An edit, enabling or disabling included, with the password again. */
export const WebhookEndpointUpdateRequest = z.strictObject({ ...WebhookEndpointUpdate.shape, password: Reauthentication.shape.password });
export type WebhookEndpointUpdateRequest = z.input<typeof WebhookEndpointUpdateRequest>;
