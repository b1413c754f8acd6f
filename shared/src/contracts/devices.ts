import { defineContract } from './contract.js';
import { DeviceHeartbeatReceived, DeviceHeartbeatRequest } from '../schemas/devices.js';

export const devicesContracts = {
  recordDeviceHeartbeat: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/devices/heartbeat',
    operationId: 'recordDeviceHeartbeat',
    summary: "Report a device agent's health (extension)",
    description:
      "An extension to the specification, for device agents: sent at start and every 30 seconds. The server keeps the latest report per device id with its own receive time, which the staff web app's Devices page judges online (under 2 minutes), stale (under 10) or lost by. Health, counts and times only: readers' and relays' states, the offline outbox backlog, the eligibility cache's age, the last scan's time, the kiosk's settings. Only a device key reports, for its own device id (else 403 `device_only`); a device id already reporting for a location the key may not act on is refused.",
    tag: 'Members',
    scopes: ['checkin:members'],
    body: DeviceHeartbeatRequest,
    // Up to 50 components, each with its notes.
    bodyLimit: 256 * 1024,
    responses: { 200: { description: "Kept as the device's latest", schema: DeviceHeartbeatReceived } },
    errors: ['resource_missing', 'location_not_allowed', 'device_only'],
  }),
};
