import { defineContract } from './contract.js';
import { LocationOnlyQuery } from '../schemas/web-classes.js';
import { DeviceList, Id } from '../index.js';
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
