import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { implement, ok } from '../../http/route.js';
import { recordHeartbeat } from './heartbeats.js';

/** Device agents' heartbeats (an extension), received on `clock`: the app passes its own, so a test that fixes it fixes the web app's states too. */
export function deviceRoutes(clock: Clock = systemClock) {
  return [implement(contracts.recordDeviceHeartbeat, async ({ db, actor, body }) => ok(await recordHeartbeat(db, actor, body, clock)))];
}
