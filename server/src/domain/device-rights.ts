import { ApiError } from '@studio/shared';
import type { Actor, ActorIdentity } from './actor.js';

/** The device behind a device key's actor. */
export type DeviceIdentity = Extract<ActorIdentity, { kind: 'device' }>;

/** The device the actor is, or null for an API key, a staff member or the business. */
export function deviceOf(actor: Actor): DeviceIdentity | null {
  return actor.identity.kind === 'device' ? actor.identity : null;
}

/** The refusal of something only a device key may do; `what` says it, `param` names the field that asked. */
export function deviceOnly(what: string, param?: string): ApiError {
  return new ApiError('device_only', `${what} Send it with the device's own device key (docs/upgrading.md: studio keys create --device, or the Devices page).`, param === undefined ? {} : { param });
}

/**
 * The device the actor is, when it is one of `kinds` (any kind when omitted); else 403
 * `device_only`, whatever route or mount the call came through.
 */
export function requireDevice(actor: Actor, what: string, kinds?: readonly DeviceIdentity['deviceKind'][], param?: string): DeviceIdentity {
  const device = deviceOf(actor);
  if (!device || (kinds !== undefined && !kinds.includes(device.deviceKind))) throw deviceOnly(what, param);
  return device;
}

/**
 * Whether `reported` is the device's own id: its agent's device id, or one of that agent's readers
 * (`<device_id>:<reader>`, the id the agent's desk readers report under).
 */
export function isOwnDeviceId(device: DeviceIdentity, reported: string): boolean {
  return reported === device.deviceId || reported.startsWith(`${device.deviceId}:`);
}
