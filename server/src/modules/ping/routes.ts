import { KeyIdentity } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { actorLocationIds } from '../locations/lookup.js';

export const pingRoutes = [
  defineRoute({
    method: 'GET',
    path: '/ping',
    operationId: 'ping',
    summary: 'Verify a key',
    description: 'Any valid key may call it. Shows the company, scopes, environment and the locations the key may act on.',
    tag: 'General',
    scopes: [],
    responses: { 200: { description: 'The key identity', schema: KeyIdentity } },
    handler: async ({ db, actor, requestId }) =>
      ok({
        company_id: actor.companyId,
        environment: actor.environment,
        scopes: [...actor.scopes],
        location_ids: await actorLocationIds(db, db, actor),
        request_id: requestId,
      }),
  }),
];
