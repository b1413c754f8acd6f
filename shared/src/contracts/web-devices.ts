import { defineContract } from './contract.js';
import { Id, LocationOnlyQuery } from '../schemas/common.js';
import { DeviceList } from '../schemas/devices.js';
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
};
