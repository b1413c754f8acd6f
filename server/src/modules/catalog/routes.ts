import { IdParams, Location, Service, ServiceListQuery, list, page } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { getService, listLocations, listServices } from './service.js';

export const catalogRoutes = [
  defineRoute({
    method: 'GET',
    path: '/locations',
    operationId: 'listLocations',
    summary: 'List the locations the key may act on',
    tag: 'Catalog',
    scopes: ['read:catalog'],
    responses: { 200: { description: 'Every location of the key, by name', schema: list(Location) } },
    handler: async ({ db, actor }) => ok({ data: await listLocations(db, actor) }),
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
    handler: async ({ db, actor, query, cursors }) => ok(await listServices(db, actor, query, cursors)),
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
    handler: async ({ db, actor, params }) => ok(await getService(db, actor, params.id)),
  }),
];
