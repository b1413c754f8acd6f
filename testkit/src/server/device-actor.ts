import type { Actor } from '@studio/server/src/domain/actor.js';
import { deviceKeyScopes, type DeviceKind } from '@studio/shared';

/**
 * The actor a device key is (issue 29) for a service called without a request: one device of a
 * kind at one location, with its kind's scopes. Over HTTP, mint one with the fixture's `mintDevice`.
 */
export function deviceActor(companyId: string, locationId: string, deviceId: string, deviceKind: DeviceKind): Actor {
  return {
    companyId,
    environment: 'live',
    identity: { kind: 'device', keyId: `test-key-of-${deviceId}`, deviceId, deviceKind },
    scopes: deviceKeyScopes[deviceKind],
    locationIds: [locationId],
  };
}
