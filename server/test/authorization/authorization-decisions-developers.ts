import type { Db } from '../../src/db/types.js';
import { testCompanyOf } from '../../src/modules/companies/environments.js';
import { deliveryTo, endpointOf } from '../webhooks/endpoints/webhook-data.js';
import type { Decision, Place, Target } from './authorization-decisions.js';
import { password } from '../web/web-studio.js';

/**
 * Settings -> Developers -> Webhooks (web/developers/routes.ts): owners only, since an endpoint
 * receives every location's events. Places: north stands for the live company's endpoint, south
 * for its test twin's (the same owner acts on both), other for another company's (not found).
 */
const ownerOnly = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: '403 role_not_allowed', desk: '403 role_not_allowed' });
const environmentOf = (place: Place) => (place === 'south' ? 'test' : 'live');

async function companyAt(db: Db, t: Target, place: Place): Promise<string> {
  return place === 'south' ? testCompanyOf(db, t.company.companyId) : t.company.companyId;
}

/** South stands for the test twin; north and another company's north for a live company. */
const placeOf = (t: Target): Place => (t.location === t.company.south ? 'south' : 'north');

async function endpointAt(db: Db, t: Target): Promise<string> {
  return (await endpointOf(db, await companyAt(db, t, placeOf(t)))).id;
}

export const developerDecisions: Record<string, Decision> = {
  webListWebhookEndpoints: {
    request: (t) => ({ method: 'GET', url: `/app/api/developers/webhook_endpoints?environment=${environmentOf(placeOf(t))}` }),
    // A list is of the owner's own company whatever is asked: nothing of another company can show.
    expected: { owner: '200', manager: '403 role_not_allowed', desk: '403 role_not_allowed' },
  },
  webCreateWebhookEndpoint: {
    request: (t) => ({
      method: 'POST',
      url: '/app/api/developers/webhook_endpoints',
      body: { environment: environmentOf(placeOf(t)), password, url: 'https://receiver.example/matrix', event_types: ['*'], description: 'matrix', enabled: true },
    }),
    expected: { owner: '201', manager: '403 role_not_allowed', desk: '403 role_not_allowed' },
  },
  webUpdateWebhookEndpoint: {
    request: async (t, db) => ({ method: 'PATCH', url: `/app/api/developers/webhook_endpoints/${await endpointAt(db, t)}`, body: { enabled: false, password } }),
    expected: ownerOnly('200'),
  },
  webRotateWebhookSecret: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/developers/webhook_endpoints/${await endpointAt(db, t)}/rotate_secret`, body: { password } }),
    expected: ownerOnly('200'),
  },
  webDeleteWebhookEndpoint: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/developers/webhook_endpoints/${await endpointAt(db, t)}/delete`, body: { password } }),
    expected: ownerOnly('200'),
  },
  webSendWebhookTestEvent: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/developers/webhook_endpoints/${await endpointAt(db, t)}/send_test` }),
    expected: ownerOnly('202'),
  },
  webListWebhookDeliveries: {
    request: async (t, db) => ({ method: 'GET', url: `/app/api/developers/webhook_endpoints/${await endpointAt(db, t)}/deliveries?status=failed` }),
    expected: ownerOnly('200'),
  },
  webListWebhookDeliveryAttempts: {
    request: async (t, db) => {
      const company = await companyAt(db, t, placeOf(t));
      const endpoint = await endpointOf(db, company);
      return { method: 'GET', url: `/app/api/developers/webhook_deliveries/${await deliveryTo(db, company, endpoint.id)}/attempts` };
    },
    expected: ownerOnly('200'),
  },
  webResendWebhookDelivery: {
    request: async (t, db) => {
      const company = await companyAt(db, t, placeOf(t));
      const endpoint = await endpointOf(db, company);
      return { method: 'POST', url: `/app/api/developers/webhook_deliveries/${await deliveryTo(db, company, endpoint.id)}/resend` };
    },
    expected: ownerOnly('200'),
  },
};
