import { z } from 'zod';
import { defineContract } from './contract.js';
import { Id, Timestamp } from '../schemas/common.js';

export const PassKeyRotation = z.object({
  location_id: Id,
  epoch: z.number().int().describe("The location's new key epoch"),
  previous_retires_at: Timestamp.describe("When members' passes made with the key before stop opening the doors"),
});

export const webPassesContracts = {
  webRotatePassKeys: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/passes/rotate',
    operationId: 'webRotatePassKeys',
    summary:
      "Start a new pass key at a location: every member's phone pass (and any screenshot of one) stops opening its doors a minute later, once the agents have synced; members' apps fetch their new key",
    tag: 'Web devices',
    scopes: [],
    roles: ['owner', 'manager'],
    body: z.strictObject({ location_id: Id }),
    responses: { 200: { description: 'The new epoch and when the key before retires', schema: PassKeyRotation } },
    errors: ['role_not_allowed', 'location_not_allowed', 'resource_missing'],
  }),
};
