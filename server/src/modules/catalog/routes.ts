import { ApiError, IdParams, Location, Service, ServiceListQuery, list, page } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { assertLocationAllowed, visibleLocations } from '../../plugins/auth.js';
import { cursorScope } from '../../pagination/cursor.js';
import { keysetPage } from '../../pagination/keyset.js';
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
    description: 'Services in the key\'s locations, oldest first. `location_id` narrows to one location the key may act on.',
    tag: 'Catalog',
    scopes: ['read:catalog'],
    query: ServiceListQuery,
    responses: { 200: { description: 'A page of services', schema: page(Service) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async ({ db, sql, auth, query, cursors }) => {
      const locations = await visibleLocations(db, sql, auth, query.location_id);
      let q = db.qb.selectFrom('services').select([...serviceColumns, 'created_at']).where('company_id', '=', auth.companyId);
      if (locations) q = q.where('location_id', 'in', locations);
      const result = await keysetPage(sql, q, { first: 'created_at', second: 'id' }, {
        limit: query.limit,
        cursor: query.cursor,
        codec: cursors,
        scope: cursorScope(auth.companyId, 'services', { ...query, locations }),
      });
      return ok({ data: result.rows.map(({ created_at: _created, ...service }) => service), next_cursor: result.next_cursor });
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
      const service = await sql.first(
        db.qb.selectFrom('services').select(serviceColumns).where('id', '=', params.id).where('company_id', '=', auth.companyId),
      );
      if (!service) throw new ApiError('resource_missing', `No such service: ${params.id}.`, { param: 'id' });
      assertLocationAllowed(auth, service.location_id, 'id');
      return ok(service);
    },
  }),
];
