import { randomUUID } from 'node:crypto';
import { ApiError, CredentialFormatError, detectFormat, type DeskScan, type DeskScanHeld, type DeskScanRequest, type DeskScanStored } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Tables } from '../../db/tables.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation } from '../locations/lookup.js';
import { checkinRules } from '../locations/settings.js';
import { findByIdentifier } from '../memberships/identifier-lookup.js';
import { deviceOnly, isOwnDeviceId, requireDevice } from '../../domain/device-rights.js';
import { lastFour } from './card-holder.js';

/** How long an unknown read is offered for enrolment: the person is still at the desk. */
export const offerMs = 2 * 60_000;
/** How long the number itself is kept: long enough to enrol, short enough that the table is no card list. */
export const keepValueMs = 10 * 60_000;

type ScanRow = Pick<Tables['desk_scans'], 'id' | 'location_id' | 'device_id' | 'scanned_at' | 'last_four' | 'format'>;

export const toDeskScan = (row: ScanRow): DeskScan => ({
  id: row.id,
  location_id: row.location_id,
  device_id: row.device_id,
  scanned_at: row.scanned_at,
  last_four: row.last_four,
  format: row.format,
});

/** Clears the numbers of reads older than ten minutes; the rows stay (last four only) for Today. */
export async function sweepDeskScans(db: Db, clock: Clock = systemClock): Promise<number> {
  const cutoff = toIso(clock() - keepValueMs);
  return db.run(db.qb.updateTable('desk_scans').set({ value: null }).where('value', 'is not', null).where('scanned_at', '<', cutoff));
}

/** Sweeps every minute until stopped, for a server whose desk readers fall quiet (each read sweeps too). */
export function startDeskScanSweep(db: Db, log: (error: unknown) => void, clock: Clock = systemClock, everyMs = 60_000): () => void {
  const timer = setInterval(() => void sweepDeskScans(db, clock).catch(log), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A read at a desk reader (an agent's reader configured for enrolment): never a check-in. Only a
 * desk reader's device key reports one, under its own device id (issue 29: staff enrol the read
 * as the card just read at this desk, so nobody else may put one there). A card someone holds
 * answers that it is held, never who: staff see the holder in the web app. An unknown one is
 * stored for two minutes' enrolment. Codes a member types match too, as at the door.
 */
export async function recordDeskScan(db: Db, actor: Actor, body: DeskScanRequest, clock: Clock = systemClock): Promise<{ status: 200; body: DeskScanHeld } | { status: 201; body: DeskScanStored }> {
  const device = requireDevice(actor, "Desk scans come from a desk reader's device key only.", ['desk_reader']);
  if (!isOwnDeviceId(device, body.device_id))
    throw deviceOnly("A desk reader reports its own reads only: device_id must be the device key's own (or one of its readers, <device_id>:<reader>).", 'device_id');
  const location = await requireLocation(db, db, actor, body.location_id);
  await sweepDeskScans(db, clock);
  const match = await findByIdentifier(db, db, actor.companyId, body.identifier, checkinRules(location).matching_profile);
  if (match) return { status: 200, body: { held: true } };
  let format: string;
  try {
    format = detectFormat(body.identifier);
  } catch (error) {
    // The message names the broken rule, never the number.
    if (error instanceof CredentialFormatError)
      throw new ApiError('invalid_param', 'The read is not a card number (hex, decimal or Wiegand 26); check the reader output format.', { param: 'identifier' });
    throw error;
  }
  const row = {
    id: randomUUID(),
    company_id: actor.companyId,
    location_id: location.id,
    device_id: body.device_id,
    scanned_at: toIso(clock()),
    value: body.identifier.trim(),
    format,
    last_four: lastFour(body.identifier),
    claimed_at: null,
  };
  await db.run(db.qb.insertInto('desk_scans').values(row));
  return { status: 201, body: { scan: toDeskScan(row) } };
}

/** Unclaimed unknown reads of the last two minutes at a location (one reader's, with `deviceId`), newest first. */
export async function recentDeskScans(db: Db, actor: Actor, query: { location_id: string; device_id?: string | undefined }, clock: Clock = systemClock): Promise<DeskScan[]> {
  const location = await requireLocation(db, db, actor, query.location_id);
  let rows = db.qb
    .selectFrom('desk_scans')
    .select(['id', 'location_id', 'device_id', 'scanned_at', 'last_four', 'format'])
    .where('company_id', '=', actor.companyId)
    .where('location_id', '=', location.id)
    .where('scanned_at', '>=', toIso(clock() - offerMs))
    .where('claimed_at', 'is', null)
    .where('value', 'is not', null);
  if (query.device_id !== undefined) rows = rows.where('device_id', '=', query.device_id);
  return (await db.all(rows.orderBy('scanned_at', 'desc').orderBy('id', 'desc').limit(20))).map(toDeskScan);
}
