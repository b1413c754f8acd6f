import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { created, implement, ok } from '../../http/route.js';
import { listDevices } from '../../modules/devices/heartbeats.js';
import { createStaffDeviceKey } from '../../modules/keys/staff-keys.js';

/**
 * The Devices page's endpoint, below `/app/api`: every agent that has reported at a location, with
 * its state judged on `clock` (the app's staff-auth clock). Every role reads it for the locations it
 * works at: the front desk too, since a lost gate is the desk's problem first. An owner, or a manager
 * at its locations, mints a device key there for an agent (password again, audited).
 */
export function deviceWebRoutes(clock: Clock = systemClock) {
  return [
    implement(contracts.webDevices, async ({ db, actor, query }) => ok(await listDevices(db, actor, query.location_id, clock))),
    implement(contracts.webCreateDeviceKey, async ({ db, actor, body }) => created(await createStaffDeviceKey(db, actor, body, clock))),
  ];
}
