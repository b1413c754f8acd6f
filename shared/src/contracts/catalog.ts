import { defineContract } from './contract.js';
import { IdParams, list, page } from '../schemas/common.js';
import { Location, LocationBranding } from '../schemas/locations.js';
import { Service, ServiceListQuery } from '../schemas/services.js';

export const catalogContracts = {
  listLocations: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/locations',
    operationId: 'listLocations',
    summary: 'List the locations the key may act on',
    tag: 'Catalog',
    scopes: ['read:catalog'],
    responses: { 200: { description: 'Every location of the key, by name', schema: list(Location) } },
  }),
  getLocationBranding: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/locations/:id/branding',
    operationId: 'getLocationBranding',
    summary: "Retrieve a location's kiosk branding (extension)",
    description:
      "An extension to the specification, for device agents that run a kiosk: the location's logo (a data URL, or null), accent colour (#RRGGBB) and kiosk language (`en`, `es` or `de`), as staff set them in the location's settings; a location that never set them answers the defaults.",
    tag: 'Catalog',
    scopes: ['read:catalog'],
    params: IdParams,
    responses: { 200: { description: "The location's branding", schema: LocationBranding } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  listServices: defineContract({
    mount: 'api',
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
  }),
  getService: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/services/:id',
    operationId: 'getService',
    summary: 'Retrieve a service',
    tag: 'Catalog',
    scopes: ['read:catalog'],
    params: IdParams,
    responses: { 200: { description: 'The service', schema: Service } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
};
