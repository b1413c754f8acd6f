import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { hashKey } from '../../src/modules/keys/key-format.js';
import { revokeKey } from '../../src/modules/keys/repository.js';

// Each process keeps the keys it looked up (plugins/key-cache.ts): a key changed by any connection,
// this process's own or another's, must be refused by every process at its next request.
describe.each(dialects)('a key changed anywhere is refused at the next request (%s)', (dialect) => {
  let f: Fixture;
  let elsewhere: Db;
  let server: StudioProcess;

  beforeAll(async () => {
    f = await startFixture(dialect);
    elsewhere = await openDatabase(f.url);
    server = await startStudio('serve', f.url);
  });

  afterAll(async () => {
    await server?.stop();
    await elsewhere?.close();
    await f?.close();
  });

  /** The same request to the app in this process and to the separate `serve` process. */
  async function answers(key: string, path: string): Promise<{ status: number; code: string | undefined }[]> {
    const local = await f.request('GET', `/v1${path}`, { key });
    const remote = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const remoteBody = (await remote.json()) as { error?: { code: string } };
    return [
      { status: local.status, code: local.body?.error?.code },
      { status: remote.status, code: remoteBody.error?.code },
    ];
  }

  const branding = () => `/locations/${f.acme.us.id}/branding`;
  const updateKey = (db: Db, key: string, change: { scopes?: string; location_ids?: string }) => db.run(db.qb.updateTable('api_keys').set(change).where('key_hash', '=', hashKey(key)));

  const changes = [
    { name: 'revoked', make: (db: Db, key: string, id: string) => revokeKey(db, id), refusal: { status: 401, code: 'invalid_api_key' } },
    { name: 'rescoped', make: (db: Db, key: string) => updateKey(db, key, { scopes: JSON.stringify(['checkin:members']) }), refusal: { status: 403, code: 'insufficient_scope' } },
    { name: 're-located', make: (db: Db, key: string) => updateKey(db, key, { location_ids: JSON.stringify([f.acme.gb.id]) }), refusal: { status: 403, code: 'location_not_allowed' } },
  ];
  const writers = [
    { name: "the in-process app's own connection", db: () => f.db },
    { name: 'another connection', db: () => elsewhere },
  ];

  for (const change of changes) {
    for (const writer of writers) {
      it(`a key ${change.name} through ${writer.name}`, async () => {
        const key = await f.mint();
        const { id } = (await f.db.first(f.db.qb.selectFrom('api_keys').select('id').where('key_hash', '=', hashKey(key))))!;
        // Twice: the second answer comes from whatever each process kept of the first.
        for (let round = 0; round < 2; round++) expect((await answers(key, branding())).map((a) => a.status)).toEqual([200, 200]);
        await change.make(writer.db(), key, id);
        expect(await answers(key, branding())).toEqual([change.refusal, change.refusal]);
      });
    }
  }
});
