import { DeviceList, Id } from '@studio/shared';
import { z } from 'zod';
import { systemClock, type Clock } from '../../clock/time.js';
import { defineRoute, ok } from '../../http/route.js';
import { listDevices } from '../../modules/devices/heartbeats.js';

const LocationQuery = z.strictObject({ location_id: Id });

/**
 * The Devices page's endpoint, below `/app/api`: every agent that has reported at a location, with
 * its state judged on `clock` (the app's staff-auth clock). Every role reads it for the locations it
 * works at: the front desk too, since a lost gate is the desk's problem first.
 */
export function deviceWebRoutes(clock: Clock = systemClock) {
  return [
    defineRoute({
      method: 'GET',
      path: '/devices',
      operationId: 'webDevices',
      summary: 'The device agents that report at a location: last contact, state (online, stale, lost) and health',
      tag: 'Web devices',
      scopes: ['checkin:members'],
      query: LocationQuery,
      responses: { 200: { description: 'The agents, by device id', schema: DeviceList } },
      errors: ['resource_missing', 'location_not_allowed'],
      handler: async ({ db, actor, query }) => ok(await listDevices(db, actor, query.location_id, clock)),
    }),
  ];
}
