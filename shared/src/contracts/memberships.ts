import { defineContract } from './contract.js';
import { IdParams, list } from '../schemas/common.js';
import { HeldMembership, SellMembership } from '../schemas/memberships.js';

export const membershipsContracts = {
  listContactMemberships: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/contacts/:id/memberships',
    operationId: 'listContactMemberships',
    summary: 'What a contact holds',
    description: 'Memberships and packages the contact holds, oldest first, with status, the current billing period and remaining visits or credits.',
    tag: 'Stored value',
    scopes: ['read:memberships'],
    params: IdParams,
    responses: { 200: { description: 'Every membership and package of the contact', schema: list(HeldMembership) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  sellMembership: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/contacts/:id/memberships',
    operationId: 'sellMembership',
    summary: 'Sell a membership plan to a contact',
    description:
      'Creates an active membership of the plan, from `start_date` (default today at the plan\'s location). A `member_code` is unique in the company, compared without case or spaces, and may not be any printed form of another membership\'s live card (hex in either case or byte order, decimal, Wiegand 26): a scan of that card would resolve to the code. Either is 409 `member_code_taken` with `param: "member_code"`.',
    tag: 'Stored value',
    scopes: ['write:memberships'],
    params: IdParams,
    body: SellMembership,
    idempotent: true,
    responses: { 201: { description: 'The membership, as the contact now holds it', schema: HeldMembership } },
    errors: ['resource_missing', 'location_not_allowed', 'member_code_taken', 'idempotency_key_reused', 'idempotency_key_in_use'],
  }),
};
