import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { locationBranding } from '../locations/branding.js';
import { getService, listLocations, listServices } from './service.js';

export const catalogRoutes = [
  implement(contracts.listLocations, async ({ db, actor }) => ok({ data: await listLocations(db, actor) })),
  implement(contracts.getLocationBranding, async ({ db, actor, params }) => ok(await locationBranding(db, actor, params.id))),
  implement(contracts.listServices, async ({ db, actor, query, cursors }) => ok(await listServices(db, actor, query, cursors))),
  implement(contracts.getService, async ({ db, actor, params }) => ok(await getService(db, actor, params.id))),
];
