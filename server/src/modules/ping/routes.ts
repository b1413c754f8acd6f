import { KeyIdentity } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { keyLocationIds } from '../catalog/repository.js';

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
    handler: async ({ db, sql, auth, requestId }) =>
      ok({
        company_id: auth.companyId,
        environment: 'live' as const,
        scopes: [...auth.scopes],
        location_ids: await keyLocationIds(db, sql, auth),
        request_id: requestId,
      }),
  }),
];
