import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedConsumer } from '../helpers/feed-consumer.js';

// The feed builds a page in slices and one page at a time per process: what it answers is the
// same whatever the page size, and for clients that reload at once as for one alone.
describe.each(dialects)('the eligibility feed under a herd of full loads (%s)', (dialect) => {
  let f: Fixture;
  let site: string;
  beforeAll(async () => {
    f = await startFixture(dialect);
    const build = memberBuilder(f);
    site = await build.location();
    for (let i = 0; i < 130; i++) await build.member({ locationId: site, code: `herd-${i}`, cards: [{ value: String(3_000_000_000 + i) }] });
  });
  afterAll(() => f.close());

  const hashesOf = async (limit: number) => (await new FeedConsumer(f, site, limit).sync()).map((row) => row.credential_hash);

  it('answers the same rows in the same order in pages of 1,000 (several slices each) as in pages of 7', async () => {
    const small = await hashesOf(7);
    expect(small.length).toBeGreaterThanOrEqual(260);
    expect(new Set(small).size).toBe(small.length);
    expect(await hashesOf(1000)).toEqual(small);
    expect(await hashesOf(201)).toEqual(small);
  });

  it('gives each of 20 clients reloading at once the whole feed', async () => {
    const alone = await hashesOf(1000);
    const herd = await Promise.all(Array.from({ length: 20 }, (_, i) => hashesOf(i % 2 ? 1000 : 150)));
    for (const hashes of herd) expect(hashes).toEqual(alone);
  });
});
