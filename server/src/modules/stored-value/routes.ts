import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { listGiftCards, listMembershipPlans, listPackageTemplates } from './service.js';

export const storedValueRoutes = [
  implement(contracts.listGiftCards, async ({ db, actor, query, cursors }) => ok(await listGiftCards(db, actor, query, cursors))),
  implement(contracts.listMembershipPlans, async ({ db, actor, query }) => ok(await listMembershipPlans(db, actor, query.location_id))),
  implement(contracts.listPackageTemplates, async ({ db, actor, query }) => ok(await listPackageTemplates(db, actor, query.location_id))),
];
