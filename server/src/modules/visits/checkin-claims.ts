import { ApiError, deviceCheckinSource, type checkinSources } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';
import { deviceOf, deviceOnly } from '../../domain/device-rights.js';

type Source = (typeof checkinSources)[number];

/** How far before the server's clock an online check-in may say it happened (clocks differ a little); earlier is a device's late report. */
const pastToleranceMs = 5 * 60_000;

/** What a check-in request claims about itself: how, by which device, when, and whether the door decided offline. */
export interface CheckInClaims {
  source?: Source | undefined;
  device_id?: string | undefined;
  checked_in_at?: string | undefined;
  offline?: boolean | undefined;
}

/** What the visit (or refusal) records of who checked the member in. */
export interface CheckInOrigin {
  source: Source;
  deviceId: string | null;
  staffAccountId: string | null;
}

/** The source a caller checks in as: an API key `api`, staff `staff`, a device its kind's; the business as it says. */
function ownSource(actor: Actor, claimed: Source | undefined): Source {
  switch (actor.identity.kind) {
    case 'api_key':
      return 'api';
    case 'staff_user':
      return 'staff';
    case 'system':
      return claimed ?? 'api';
    case 'device': {
      const source = deviceCheckinSource[actor.identity.deviceKind];
      if (source === null) throw deviceOnly("A desk reader's reads are never check-ins: its cards go to the desk as desk scans.", 'source');
      return source;
    }
    case 'member':
      // A member never checks in through a service: the door reads the pass, as a device.
      throw new ApiError('insufficient_scope', 'A member does not record check-ins; the door or the desk does.');
  }
}

/**
 * Decides what a check-in may claim (issue 29), whatever route or mount it came through: an offline
 * decision, a time well in the past, another source and another device are a device's facts, so
 * only a device key reports them, and only its own. Staff let a refused member in through the
 * override (checkin-override.ts), never by claiming an offline door. The business (CLI) records
 * what it is told.
 */
export function checkInOrigin(actor: Actor, claims: CheckInClaims, now: number): CheckInOrigin {
  const source = ownSource(actor, claims.source);
  if (actor.identity.kind === 'system') return { source, deviceId: claims.device_id ?? null, staffAccountId: null };
  const device = deviceOf(actor);
  if (!device) {
    if (claims.offline === true) throw deviceOnly('Only a device reports a check-in its door decided offline; staff let a refused member in with an override.', 'offline');
    if (claims.checked_in_at !== undefined && Date.parse(claims.checked_in_at) < now - pastToleranceMs) {
      throw deviceOnly('Only a device reports a check-in after the fact; leave checked_in_at out to check in now.', 'checked_in_at');
    }
    if (claims.device_id !== undefined) throw deviceOnly('Only a device names the device a check-in came through; leave device_id out.', 'device_id');
  } else if (claims.device_id !== undefined && claims.device_id !== device.deviceId) {
    throw deviceOnly("A device reports its own check-ins only: device_id must be the device key's own.", 'device_id');
  }
  if (claims.source !== undefined && claims.source !== source) throw deviceOnly(`This caller checks in as source "${source}"; leave source out or send that.`, 'source');
  return { source, deviceId: device?.deviceId ?? null, staffAccountId: actor.identity.kind === 'staff_user' ? actor.identity.staffUserId : null };
}
