import { HeldMembership, IdParams, list } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { getContact } from '../contacts/service.js';
import { heldMemberships } from './repository.js';

export const membershipRoutes = [
  defineRoute({
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
    handler: async (ctx) => {
      const contact = await getContact(ctx, ctx.params.id);
      return ok({ data: await heldMemberships(ctx.db, ctx.sql, ctx.auth.companyId, contact.id) });
    },
  }),
];
