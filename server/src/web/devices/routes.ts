import { ApiKeyCreated, DeviceKeyCreate } from '@studio/shared/web-app';
import { DeviceList, Id } from '@studio/shared';
import { z } from 'zod';
import { systemClock, type Clock } from '../../clock/time.js';
import { created, defineRoute, ok } from '../../http/route.js';
import { listDevices } from '../../modules/devices/heartbeats.js';
import { createStaffDeviceKey } from '../../modules/keys/staff-keys.js';

const LocationQuery = z.strictObject({ location_id: Id });

/**
 * The Devices page's endpoint, below `/app/api`: every agent that has reported at a location, with
 * its state judged on `clock` (the app's staff-auth clock). Every role reads it for the locations it
 * works at: the front desk too, since a lost gate is the desk's problem first. An owner, or a manager
 * at its locations, mints a device key there for an agent (password again, audited; issue 29).
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
    defineRoute({
      method: 'POST',
      path: '/devices/keys',
      operationId: 'webCreateDeviceKey',
      summary: "Create a device key for one agent's device at a location (password again); the secret is in this answer only",
      tag: 'Web devices',
      scopes: [],
      body: DeviceKeyCreate,
      responses: { 201: { description: 'The device key and its secret', schema: ApiKeyCreated } },
      errors: ['role_not_allowed', 'location_not_allowed', 'invalid_credentials', 'resource_missing', 'invalid_param'],
      handler: async ({ db, actor, body }) => created(await createStaffDeviceKey(db, actor, body, clock)),
    }),
  ];
}
