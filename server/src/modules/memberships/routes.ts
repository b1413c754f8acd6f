import { contracts } from '@studio/shared/contracts';
import { created, implement, ok } from '../../http/route.js';
import { contactMemberships, sellMembership } from './sell.js';

export const membershipRoutes = [
  implement(contracts.listContactMemberships, async ({ db, actor, params }) => ok({ data: await contactMemberships(db, actor, params.id) })),
  implement(contracts.sellMembership, async ({ db, actor, params, body }) => created(await sellMembership(db, actor, params.id, body))),
];
