import { defineContract } from './contract.js';
import { KeyIdentity } from '../schemas/ping.js';

export const pingContracts = {
  ping: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/ping',
    operationId: 'ping',
    summary: 'Verify a key',
    description: 'Any valid key may call it. Shows the company, scopes, environment and the locations the key may act on.',
    tag: 'General',
    scopes: [],
    responses: { 200: { description: 'The key identity', schema: KeyIdentity } },
  }),
};
