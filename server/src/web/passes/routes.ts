import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { implement, ok } from '../../http/route.js';
import { rotatePassKeys } from '../../modules/passes/pass-keys.js';

/** Rotating a location's phone-pass key (docs/phone-pass.md): an owner anywhere, a manager at its locations. */
export function passWebRoutes(clock: Clock = systemClock) {
  return [implement(contracts.webRotatePassKeys, async ({ db, actor, body }) => ok(await rotatePassKeys(db, actor, body.location_id, clock)))];
}
