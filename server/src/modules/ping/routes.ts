import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { actorLocationIds } from '../locations/lookup.js';

export const pingRoutes = [
  implement(contracts.ping, async ({ db, actor, requestId }) =>
    ok({
      company_id: actor.companyId,
      environment: actor.environment,
      scopes: [...actor.scopes],
      location_ids: await actorLocationIds(db, db, actor),
      request_id: requestId,
    }),
  ),
];
