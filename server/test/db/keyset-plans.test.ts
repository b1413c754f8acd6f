import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The next page of a keyset list is one index range from the cursor on, whatever the page. The
 * same condition spelled with `or` (a > x or (a = x and b > y)) made SQLite scan the index from
 * its first key on every page: an agent's full load of the feed grew with the square of the members.
 */
describe('keyset pages on SQLite', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture('sqlite');
    const build = memberBuilder(f);
    for (let i = 0; i < 3; i++) await build.member({ locationId: f.acme.us.id, code: `plan-${i}` });
  });
  afterAll(() => f.close());

  /** The plan of every query run while `request` is answered that mentions `table`. */
  async function plansDuring(table: string, request: () => Promise<unknown>): Promise<string[]> {
    const spy = vi.spyOn(f.db, 'all');
    let calls: (typeof spy.mock.calls)[number][];
    try {
      await request();
    } finally {
      calls = [...spy.mock.calls];
      spy.mockRestore();
    }
    const queries = calls.map(([query]) => ('compile' in query ? query.compile() : query) as CompiledQuery<unknown>).filter((q) => q.sql.includes(`"${table}"`));
    expect(queries.length).toBeGreaterThan(0);
    return Promise.all(queries.map(async (q) => (await f.db.all<{ detail: string }>({ ...q, sql: `explain query plan ${q.sql}` })).map((row) => row.detail).join('\n')));
  }

  it('serves the eligibility feed after a cursor from the feed index range', async () => {
    const first = await f.request('GET', `/v1/members/eligibility?location_id=${f.acme.us.id}&limit=1`);
    expect(first.status).toBe(200);
    const plans = await plansDuring('credential_keys', () => f.request('GET', `/v1/members/eligibility?location_id=${f.acme.us.id}&limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`));
    expect(plans.join('\n')).toMatch(/credential_keys_feed \(company_id=\? AND \(feed_seq,match_key\)>\(\?,\?\)\)/);
  });

  it("serves a location's visits after a cursor from the location's time index", async () => {
    const build = memberBuilder(f);
    const { membershipId } = await build.member({ locationId: f.acme.gb.id });
    for (let i = 0; i < 2; i++) expect((await f.request('POST', '/v1/members/check-in', { body: { location_id: f.acme.gb.id, membership_id: membershipId } })).status).toBe(201);
    const list = `/v1/visits?location_id=${f.acme.gb.id}&from=2000-01-01&to=2100-01-01&limit=1`;
    const first = await f.request('GET', list);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const plans = await plansDuring('visits', () => f.request('GET', `${list}&cursor=${encodeURIComponent(first.body.next_cursor)}`));
    expect(plans.join('\n')).toMatch(/visits_location_time \(location_id=\? AND checked_in_at>\? AND \(checked_in_at,id\)<\(\?,\?\)\)/);
    expect(plans.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it('serves a list page after a cursor from the list index range', async () => {
    const first = await f.request('GET', '/v1/contacts?limit=1');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const plans = await plansDuring('contacts', () => f.request('GET', `/v1/contacts?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`));
    expect(plans.join('\n')).toMatch(/contacts_company_created \(company_id=\? AND \(created_at,id\)>\(\?,\?\)\)/);
  });
});
