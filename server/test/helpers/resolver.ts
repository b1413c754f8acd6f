import type { ResolveResult } from '@studio/shared';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/types.js';
import { createKey } from '../../src/modules/keys/repository.js';

/**
 * `POST /v1/members/resolve` through the real app over `db`, with an all-scopes key of the
 * company: what a kiosk or turnstile would be answered for an identifier at a location.
 */
export async function resolverFor(db: Db, companyId: string) {
  const app = await buildApp({ db });
  const { key } = await createKey(db, { companyId, name: 'resolver', scopes: 'all', locationIds: 'all' });
  return {
    async resolve(identifier: string, locationId: string): Promise<ResolveResult> {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/members/resolve',
        headers: { authorization: `Bearer ${key}` },
        payload: { identifier, location_id: locationId },
      });
      if (response.statusCode !== 200) throw new Error(`resolve answered ${response.statusCode}: ${response.body}`);
      return response.json() as ResolveResult;
    },
    /** A GET of the API as the same key, for the feed and other reads. */
    async get(url: string) {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      return { status: response.statusCode, body: response.json() as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    close: () => app.close(),
  };
}
