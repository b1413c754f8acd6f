import { randomUUID } from 'node:crypto';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { rowCounts } from '../helpers/row-counts.js';

/** SQLite's size cap on the server's own connection: past it every write fails with a real SQLITE_FULL. */
async function capPages(db: Db, pages: number): Promise<void> {
  await db.all(sql.raw(`pragma max_page_count = ${pages}`).compile(db.qb));
}

/**
 * A full disk under the SQLite server: writes answer 507 `storage_full` in the envelope with
 * Retry-After and write nothing, reads keep working, and the same request with the same key
 * succeeds once there is room again.
 */
describe('disk full on SQLite', () => {
  let f: Fixture;
  let membershipId: string;

  beforeAll(async () => {
    f = await startFixture('sqlite');
    ({ membershipId } = await memberBuilder(f).member());
  });
  afterAll(() => f.close());

  it('refuses writes cleanly, keeps reading, and writes once after space is freed', async () => {
    const [{ page_count }] = (await f.db.all(sql<{ page_count: number }>`pragma page_count`.compile(f.db.qb))) as [{ page_count: number }];
    const checkIn = (key: string) =>
      f.request('POST', '/v1/members/check-in', { body: { location_id: f.acme.us.id, membership_id: membershipId, source: 'api' }, headers: { 'idempotency-key': key } });
    await capPages(f.db, page_count);
    // Check-ins fill the free room of the last pages; the first that needs a new page is refused.
    let refused: { key: string; answer: Awaited<ReturnType<typeof checkIn>> } | undefined;
    let written = 0;
    for (let i = 0; i < 2000 && !refused; i++) {
      const key = randomUUID();
      const answer = await checkIn(key);
      if (answer.status === 201) written++;
      else refused = { key, answer };
    }
    expect(refused?.answer.status).toBe(507);
    expect(refused?.answer.headers['retry-after']).toBe('30');
    expect(refused?.answer.body.error).toMatchObject({ type: 'api_error', code: 'storage_full', request_id: refused?.answer.headers['request-id'] });
    const counts = await rowCounts(f.db);
    expect(counts.visits).toBe(written);
    expect(counts.idempotency_keys).toBe(written);
    expect((await f.request('GET', '/v1/ping')).status).toBe(200);
    expect((await f.request('GET', `/v1/members/${membershipId}/visits?limit=1`)).status).toBe(200);

    await capPages(f.db, 1_073_741_823);
    const retried = await checkIn(refused!.key);
    expect(retried.status).toBe(201);
    const replayed = await checkIn(refused!.key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.id).toBe(retried.body.id);
    expect((await rowCounts(f.db)).visits).toBe(written + 1);
  });
});
