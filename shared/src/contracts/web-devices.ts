import { defineContract } from './contract.js';
import { Id, LocationOnlyQuery } from '../schemas/common.js';
import { DeviceList } from '../schemas/devices.js';
import { ApiKeyCreated, DeviceKeyCreate } from '../schemas/web-app.js';
import { z } from 'zod';

export const webDevicesContracts = {
  webDevices: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/devices',
    operationId: 'webDevices',
    summary: 'The device agents that report at a location: last contact, state (online, stale, lost) and health',
    tag: 'Web devices',
    scopes: ['checkin:members'],
    query: LocationOnlyQuery,
    responses: { 200: { description: 'The agents, by device id', schema: DeviceList } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  webCreateDeviceKey: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/devices/keys',
    operationId: 'webCreateDeviceKey',
    summary: "Create a device key for one agent's device at a location (password again); the secret is in this answer only",
    tag: 'Web devices',
    scopes: [],
    roles: ['owner', 'manager'],
    body: DeviceKeyCreate,
    responses: { 201: { description: 'The device key and its secret', schema: ApiKeyCreated } },
    errors: ['role_not_allowed', 'location_not_allowed', 'invalid_credentials', 'rate_limited', 'resource_missing', 'invalid_param'],
  }),
};
