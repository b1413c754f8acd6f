import { afterEach } from 'vitest';
import { createStudioClient, type StudioClientOptions } from '../../src/client/index.js';
import { startScriptedServer, type Answer, type ScriptedServer } from './scripted-server.js';

/** A key in the live format: tests assert it never shows up in an error. */
export const apiKey = 'studio_sk_live_Zq3vN8xW2pK7mR4tY6uB1cE5hJ9';

export const locationId = '0d6f3c52-64c4-4e5c-9d5b-3c1f2a0e7b11';

export const contact = {
  id: '6a1d2f4e-8b3c-4f5a-9e7d-1c2b3a4d5e6f',
  location_id: locationId,
  first_name: 'Ann',
  last_name: 'Lee',
  phone: '+15550100100',
  email: null,
  notes: null,
  created_at: '2026-03-10T09:00:00.000Z',
  updated_at: '2026-03-10T09:00:00.000Z',
};

export const service = (n: number) => ({
  id: `5b2e3f4a-0000-4000-8000-${String(n).padStart(12, '0')}`,
  location_id: locationId,
  name: `Service ${n}`,
  description: null,
  duration_minutes: 60,
  price_cents: 5000,
  category: null,
});

export const keyIdentity = {
  company_id: 'co_1',
  environment: 'live',
  scopes: ['read:catalog'],
  location_ids: [locationId],
  request_id: 'req_ping',
};

/** A client whose backoff waits about a millisecond, so retry tests take no time. */
export function testClient(server: ScriptedServer, options: Partial<StudioClientOptions> = {}) {
  return createStudioClient({ baseUrl: server.baseUrl, apiKey, backoff: { baseDelayMs: 1, maxDelayMs: 2_000 }, ...options });
}

/** Servers and clients made in a test, stopped after it: clients first, then servers. */
export function useScriptedServers() {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  return {
    async serve(...script: Answer[]) {
      const server = await startScriptedServer(...script);
      stops.push(server.stop);
      return server;
    },
    client(server: ScriptedServer, options: Partial<StudioClientOptions> = {}) {
      const client = testClient(server, options);
      stops.push(client.close);
      return client;
    },
  };
}
