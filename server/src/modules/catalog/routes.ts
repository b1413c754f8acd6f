import { ApiError, IdParams, Location, Service, ServiceListQuery, list, page } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { pageInLocations } from '../../http/listing.js';
import { assertLocationAllowed } from '../../plugins/auth.js';
import { keyLocations, serviceColumns } from './repository.js';

export const catalogRoutes = [
  defineRoute({
    method: 'GET',
    path: '/locations',
    operationId: 'listLocations',
    summary: 'List the locations the key may act on',
    tag: 'Catalog',
    scopes: ['read:catalog'],
    responses: { 200: { description: 'Every location of the key, by name', schema: list(Location) } },
    handler: async ({ db, sql, auth }) => ok({ data: await keyLocations(db, sql, auth) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/services',
    operationId: 'listServices',
    summary: 'List bookable services',
    description: "Services in the key's locations, oldest first. `location_id` narrows to one location the key may act on.",
    tag: 'Catalog',
    scopes: ['read:catalog'],
    query: ServiceListQuery,
    responses: { 200: { description: 'A page of services', schema: page(Service) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) => {
      const result = await pageInLocations(ctx, 'services', ctx.query, (locations) => {
        const q = ctx.db.qb
          .selectFrom('services')
          .select([...serviceColumns, 'created_at'])
          .where('company_id', '=', ctx.auth.companyId);
        return locations ? q.where('location_id', 'in', locations) : q;
      });
      return ok({ data: result.data.map(({ created_at: _created, ...service }) => service), next_cursor: result.next_cursor });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/services/:id',
    operationId: 'getService',
    summary: 'Retrieve a service',
    tag: 'Catalog',
    scopes: ['read:catalog'],
    params: IdParams,
    responses: { 200: { description: 'The service', schema: Service } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async ({ db, sql, auth, params }) => {
      const service = await sql.first(db.qb.selectFrom('services').select(serviceColumns).where('id', '=', params.id).where('company_id', '=', auth.companyId));
      if (!service) throw new ApiError('resource_missing', `No such service: ${params.id}.`, { param: 'id' });
      assertLocationAllowed(auth, service.location_id, 'id');
      return ok(service);
    },
  }),
];
