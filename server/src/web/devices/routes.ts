import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { implement, ok } from '../../http/route.js';
import { listDevices } from '../../modules/devices/heartbeats.js';

/**
 * The Devices page's endpoint, below `/app/api`: every agent that has reported at a location, with
 * its state judged on `clock` (the app's staff-auth clock). Every role reads it for the locations it
 * works at: the front desk too, since a lost gate is the desk's problem first.
 */
export function deviceWebRoutes(clock: Clock = systemClock) {
  return [implement(contracts.webDevices, async ({ db, actor, query }) => ok(await listDevices(db, actor, query.location_id, clock)))];
}
