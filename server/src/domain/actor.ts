import { scopes as everyScope, type DeviceKind, type Environment, type Scope } from '@studio/shared';

/**
 * Who a domain service acts for: one company, what it may do and where. Every service takes one
 * and decides the location rule on it (modules/locations/lookup.ts, modules/locations/reach.ts), so
 * an API route, a CLI command and a staff screen answer alike. An API key becomes an actor at the
 * HTTP boundary (`actorFromAuth`); the CLI and the one-box act as the business (`systemActor`);
 * a staff user's session will carry its role's scopes and the locations it works at.
 */
export interface Actor {
  /** A live company, or for a test key its test-mode twin (modules/companies/environments.ts). */
  readonly companyId: string;
  /** Which data the actor acts on; services need not read it, the company already isolates it. */
  readonly environment: Environment;
  readonly identity: ActorIdentity;
  /** What the actor may do, in the API's scope vocabulary: a staff role is given the scopes it grants. */
  readonly scopes: readonly Scope[];
  /** null: every location of the company, now and later. */
  readonly locationIds: readonly string[] | null;
}

/**
 * Who is behind an actor: for audit and messages, and for what only a kind of caller may do (a
 * device's own door, a staff role's override: domain/device-rights.ts, members/checkin-override.ts);
 * the location rule reads `scopes` and `locationIds`, never this.
 */
export type ActorIdentity =
  | { readonly kind: 'api_key'; readonly keyId: string }
  | { readonly kind: 'device'; readonly keyId: string; readonly deviceId: string; readonly deviceKind: DeviceKind }
  | {
      readonly kind: 'staff_user';
      readonly staffUserId: string;
      readonly role: string;
      /** The address the session's request came from (web/session-auth.ts): "password again" counts its wrong tries by it, as sign-in does. */
      readonly address?: string | undefined;
    }
  | { readonly kind: 'system'; readonly name: string }
  /** A member signed in to the members' app (modules/member-auth): acts on its own contact only, as the member services check. */
  | { readonly kind: 'member'; readonly contactId: string; readonly sessionId: string };

/** What authenticating an API key yields (plugins/auth.ts), as far as the domain needs it. */
export interface ApiKeyGrant {
  keyId: string;
  companyId: string;
  environment: Environment;
  scopes: readonly Scope[];
  locationIds: readonly string[] | null;
  /** Set for a device key (keys/repository.ts): the one device it is bound to. */
  device?: { readonly id: string; readonly kind: DeviceKind } | null;
}

/** The actor an authenticated API key is: its company, scopes and locations, unchanged; a device key acts as its device. */
export function actorFromAuth(auth: ApiKeyGrant): Actor {
  const identity: ActorIdentity = auth.device ? { kind: 'device', keyId: auth.keyId, deviceId: auth.device.id, deviceKind: auth.device.kind } : { kind: 'api_key', keyId: auth.keyId };
  return { companyId: auth.companyId, environment: auth.environment, identity, scopes: auth.scopes, locationIds: auth.locationIds };
}

/** The business itself, as the CLI and the one-box's setup act: every scope, every location of the company (a twin's for test). */
export function systemActor(companyId: string, name: string, environment: Environment = 'live'): Actor {
  return { companyId, environment, identity: { kind: 'system', name }, scopes: everyScope, locationIds: null };
}

/**
 * A signed-in member: no scope and no location, so a scope check (every API and staff route) and
 * the location rule (every service) refuse it; the member services (modules/member-auth) read its
 * contact from `identity` and act on that contact alone.
 */
export function memberActor(companyId: string, contactId: string, sessionId: string): Actor {
  return { companyId, environment: 'live', identity: { kind: 'member', contactId, sessionId }, scopes: [], locationIds: [] };
}

/**
 * The member acting at their app's location, as the members' app's routes give them to the services
 * for one call (web/member/): its classes and appointments are theirs to book, and their reach
 * stays their own contact (`contactsInReach`), so naming anyone else is refused as for any actor.
 * Still no scope: no API or staff route takes it.
 */
export function memberAtLocation(member: Actor, locationId: string): Actor {
  if (member.identity.kind !== 'member') throw new Error('memberAtLocation takes a member actor');
  return { ...member, locationIds: [locationId] };
}

/** True when the actor may act on the location (the location is known to be the company's). */
export function mayActOn(actor: Actor, locationId: string): boolean {
  return actor.locationIds === null || actor.locationIds.includes(locationId);
}

/** How a refusal names the actor: "this key", "this staff account" (a message never names who it is). */
export function actorNoun(actor: Actor): string {
  if (actor.identity.kind === 'api_key' || actor.identity.kind === 'device') return 'this key';
  if (actor.identity.kind === 'member') return 'this member';
  return actor.identity.kind === 'staff_user' ? 'this staff account' : 'the business';
}
