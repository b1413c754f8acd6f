import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Db } from '@studio/server/src/db/types.js';
import { createDeviceKey, revokeKey } from '@studio/server/src/modules/keys/repository.js';
import { authenticate } from '@studio/server/src/plugins/auth.js';
import type { DeviceKind, Scope } from '@studio/shared';

/**
 * The box's devices, by the plain names the banner, Today and the Devices page show: the front door
 * (the simulated turnstile, whose agent also serves the kiosk) and the front desk reader, a reader
 * of that agent (its desk scans are `front-door:front-desk-reader`, the agent's `<device_id>:<reader>`).
 */
export const frontDoor = 'front-door';
export const frontDeskReader = 'front-desk-reader';
export const frontDeskDeviceId = `${frontDoor}:${frontDeskReader}`;
/** The front door's device id before it had a plain name: it read as the desk. */
const formerFrontDoor = 'one-box-front-desk';

/** What the front door's key does beside a turnstile's: the kiosk reads the timetable, books walk-ins, checks into class and names the location. */
const kioskScopes: Scope[] = ['checkin:members', 'read:classes', 'write:classes', 'read:catalog'];

export interface BoxDeviceKey {
  deviceId: string;
  kind: DeviceKind;
  name: string;
  /** Kept beside the database, mode 600. */
  file: string;
  alsoScopes?: Scope[];
}

export const frontDoorKey = (file: string): BoxDeviceKey => ({ deviceId: frontDoor, kind: 'turnstile', name: 'one-box front door and kiosk (simulated)', file, alsoScopes: kioskScopes });
export const frontDeskReaderKey = (file: string): BoxDeviceKey => ({ deviceId: frontDeskDeviceId, kind: 'desk_reader', name: 'one-box front desk reader', file });

/**
 * A device key of the box (issue 29), at its location: the kept one while it is still this device's,
 * of its kind, with its scopes and for this location; else a new one (a box from before device keys,
 * before the plain names, or moved), the keys it replaces revoked.
 */
export async function boxDeviceKey(db: Db, companyId: string, locationId: string, wanted: BoxDeviceKey): Promise<string> {
  if (existsSync(wanted.file)) {
    const kept = readFileSync(wanted.file, 'utf8').trim();
    const stillValid = await authenticate(db, `Bearer ${kept}`).then(
      (auth) =>
        auth.companyId === companyId &&
        auth.device?.id === wanted.deviceId &&
        auth.device.kind === wanted.kind &&
        (wanted.alsoScopes ?? []).every((scope) => auth.scopes.includes(scope)) &&
        auth.locationIds?.length === 1 &&
        auth.locationIds[0] === locationId,
      () => false,
    );
    if (stillValid) return kept;
  }
  await retireReplacedKeys(db, companyId, locationId, wanted.deviceId);
  const { key } = await createDeviceKey(db, { companyId, name: wanted.name, locationId, deviceId: wanted.deviceId, kind: wanted.kind, alsoScopes: wanted.alsoScopes });
  writeFileSync(wanted.file, key + '\n', { mode: 0o600 });
  chmodSync(wanted.file, 0o600);
  return key;
}

/** A live key of this device at another location (the box moved) would refuse the new one's registration: revoke it. */
async function retireReplacedKeys(db: Db, companyId: string, locationId: string, deviceId: string): Promise<void> {
  const live = await db.all(db.qb.selectFrom('api_keys').select(['id', 'location_ids']).where('company_id', '=', companyId).where('device_id', '=', deviceId).where('revoked_at', 'is', null));
  for (const row of live.filter((key) => key.location_ids !== JSON.stringify([locationId]))) await revokeKey(db, row.id);
}

/**
 * The front door under its former id is gone: its keys revoked and its last report removed, so the
 * Devices page does not list it as lost forever beside the front door that replaced it.
 */
export async function retireFormerFrontDoor(db: Db, companyId: string): Promise<void> {
  const live = await db.all(db.qb.selectFrom('api_keys').select('id').where('company_id', '=', companyId).where('device_id', '=', formerFrontDoor).where('revoked_at', 'is', null));
  for (const row of live) await revokeKey(db, row.id);
  await db.run(db.qb.deleteFrom('device_heartbeats').where('company_id', '=', companyId).where('device_id', '=', formerFrontDoor));
}
