import { ApiError, type DeviceContactState, type DeviceHeartbeatReceived, type DeviceHeartbeatRequest, type DeviceList, type DeviceView } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Tables } from '../../db/tables.js';
import type { Db } from '../../db/types.js';
import { mayActOn, type Actor } from '../../domain/actor.js';
import { deviceOnly, requireDevice } from '../../domain/device-rights.js';
import { requireLocation } from '../locations/lookup.js';

/**
 * How the web app judges an agent by its last contact (the server's receive time of its last
 * heartbeat; agents report every 30 s): online under 2 minutes (three missed beats are a blip),
 * stale under 10 minutes, lost after that.
 */
export const staleAfterS = 120;
export const lostAfterS = 600;

export function contactState(silentS: number): DeviceContactState {
  if (silentS < staleAfterS) return 'online';
  return silentS < lostAfterS ? 'stale' : 'lost';
}

/** What is kept of a heartbeat besides the columns: everything the agent reported but its ids. */
type Report = Omit<DeviceHeartbeatRequest, 'location_id' | 'device_id' | 'agent_version'>;

/**
 * Keeps an agent's heartbeat as its device's latest, with the server's receive time. Only a device
 * key reports, for its own device (issue 29: no other key or session may show a lost gate online),
 * at a location it may act on, and never over the row of a device at a location it may not.
 */
export async function recordHeartbeat(db: Db, actor: Actor, body: DeviceHeartbeatRequest, clock: Clock = systemClock): Promise<DeviceHeartbeatReceived> {
  const device = requireDevice(actor, "Heartbeats come from device agents with their device key; an API key or a staff member's session does not send them.");
  if (body.device_id !== device.deviceId) throw deviceOnly("A device reports its own heartbeat only: device_id must be the device key's own.", 'device_id');
  const location = await requireLocation(db, db, actor, body.location_id);
  const { location_id: _location, device_id: deviceId, agent_version: version, ...report } = body;
  const receivedAt = toIso(clock());
  return db.transaction(async (tx) => {
    const existing = await tx.first(db.qb.selectFrom('device_heartbeats').select('location_id').where('company_id', '=', actor.companyId).where('device_id', '=', deviceId));
    if (existing && !mayActOn(actor, existing.location_id)) {
      throw new ApiError('location_not_allowed', `Device "${deviceId}" reports for a location this key may not act on: give this agent a device_id of its own.`, { param: 'device_id' });
    }
    const row = { location_id: location.id, received_at: receivedAt, agent_version: version, report: JSON.stringify(report satisfies Report) };
    await tx.run(
      db.qb
        .insertInto('device_heartbeats')
        .values({ company_id: actor.companyId, device_id: deviceId, ...row })
        .onConflict((oc) => oc.columns(['company_id', 'device_id']).doUpdateSet(row)),
    );
    return { device_id: deviceId, received_at: receivedAt };
  });
}

function toView(row: Tables['device_heartbeats'], now: number): DeviceView {
  const report = JSON.parse(row.report) as Report;
  const silentS = Math.max(0, Math.floor((now - Date.parse(row.received_at)) / 1000));
  return {
    device_id: row.device_id,
    location_id: row.location_id,
    state: contactState(silentS),
    last_contact_at: row.received_at,
    silent_s: silentS,
    agent_version: row.agent_version,
    status: report.status,
    sent_at: report.sent_at,
    devices: report.devices,
    outbox: report.outbox,
    cache: report.cache,
    last_scan_at: report.last_scan_at,
    kiosk: report.kiosk,
  };
}

/** Every agent that has reported at a location, by device id, judged by the server's clock now. */
export async function listDevices(db: Db, actor: Actor, locationId: string, clock: Clock = systemClock): Promise<DeviceList> {
  const location = await requireLocation(db, db, actor, locationId);
  const now = clock();
  const rows = await db.all(db.qb.selectFrom('device_heartbeats').selectAll().where('company_id', '=', actor.companyId).where('location_id', '=', location.id).orderBy('device_id'));
  return { as_of: toIso(now), stale_after_s: staleAfterS, lost_after_s: lostAfterS, data: rows.map((row) => toView(row, now)) };
}
