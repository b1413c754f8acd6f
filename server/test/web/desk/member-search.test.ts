import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../../src/clock/time.js';
import type { Db } from '../../../src/db/types.js';
import type { Actor } from '../../../src/domain/actor.js';
import { setMembershipStatus } from '../../../src/modules/members/admin.js';
import { CursorCodec } from '../../../src/pagination/cursor.js';
import { deskCheckIn } from '../../../src/web/desk/check-in.js';
import { searchMembers } from '../../../src/modules/contacts/member-search.js';
import { clockAt, deskStudio, refusal } from './desk-studio.js';

const base = Date.parse('2031-03-04T14:00:00.000Z');
const cursors = new CursorCodec('a test cursor secret of enough length');

/** A Db that counts the statements run on it, to see that a page costs the same whatever its size. */
function counting(db: Db) {
  const seen = { statements: 0 };
  const wrapped: Db = Object.assign(Object.create(db) as Db, {
    all: (query: Parameters<Db['all']>[0]) => (seen.statements++, db.all(query)),
    first: (query: Parameters<Db['first']>[0]) => (seen.statements++, db.first(query)),
    run: (query: Parameters<Db['run']>[0]) => (seen.statements++, db.run(query)),
  });
  return { db: wrapped, seen };
}

/** Issue 17: the desk's search rows say who can come in (status, plan, last visit), in a fixed number of statements. */
describe.each(dialects)('the desk member search (%s)', (dialect) => {
  let f: Fixture;
  let s: Awaited<ReturnType<typeof deskStudio>>;
  beforeAll(async () => {
    f = await startFixture(dialect);
    s = await deskStudio(f);
  });
  afterAll(async () => f.close());

  /** A word only this test's contacts carry in their search text. */
  const word = () =>
    `zq${crypto
      .randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)}`;
  const tagged = async (contactId: string, tag: string) =>
    f.db.run(
      f.db.qb
        .updateTable('contacts')
        .set({ search_text: `${tag} member` })
        .where('id', '=', contactId),
    );
  type Query = Omit<Parameters<typeof searchMembers>[2], 'limit'> & { limit?: number };
  const page = (actor: Actor, query: Query, db: Db = f.db) => searchMembers(db, actor, { limit: 20, ...query }, cursors);
  const search = async (actor: Actor, query: Query, db: Db = f.db) => (await page(actor, query, db)).data;

  it('lists every member without a search, by first name, a page at a time', async () => {
    const own = await deskStudio(f);
    for (const firstName of ['Cleo', 'Abe', 'Bea']) await own.build.member({ locationId: own.site, firstName });
    const first = await page(own.desk, { limit: 2 });
    expect(first.data.map((row) => row.first_name)).toEqual(['Abe', 'Bea']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await page(own.desk, { limit: 2, cursor: first.next_cursor! });
    expect(second).toMatchObject({ data: [{ first_name: 'Cleo' }], next_cursor: null });
    // A cursor is bound to its filters.
    expect(await refusal(page(own.desk, { limit: 2, cursor: first.next_cursor!, status: 'paused' }))).toMatchObject({ code: 'invalid_param' });
  });

  it('narrows the list to a standing: active, paused, past due, ended or no membership, as each row shows it', async () => {
    const own = await deskStudio(f);
    const member = (firstName: string, status?: 'paused' | 'past_due' | 'cancelled' | 'expired') => own.build.member({ locationId: own.site, firstName, ...(status && { status }) });
    const ann = await member('Ann');
    await member('Pia', 'paused');
    await member('Dan', 'past_due');
    await member('Eve', 'expired');
    await member('Cal', 'cancelled');
    const nel = await member('Nel');
    await f.db.run(f.db.qb.deleteFrom('memberships').where('id', '=', nel.membershipId));
    // Ann also holds an old cancelled membership: she is active, never ended.
    const old = await member('Old', 'cancelled');
    await f.db.run(f.db.qb.updateTable('memberships').set({ contact_id: ann.contactId }).where('id', '=', old.membershipId));
    await f.db.run(f.db.qb.deleteFrom('contacts').where('id', '=', old.contactId));

    const names = async (status: 'active' | 'paused' | 'past_due' | 'ended' | 'none') => (await search(own.desk, { status })).map((row) => row.first_name);
    expect(await names('active')).toEqual(['Ann']);
    expect(await names('paused')).toEqual(['Pia']);
    expect(await names('past_due')).toEqual(['Dan']);
    expect(await names('ended')).toEqual(['Cal', 'Eve']);
    expect(await names('none')).toEqual(['Nel']);
    expect((await search(own.desk, { status: 'active' })).map((row) => row.status)).toEqual(['active']);
  });

  it('shows the best membership (active over others), its plan and the last visit; null for a contact holding none', async () => {
    const tag = word();
    const plan = await s.build.plan({ locationId: s.site });
    const planName = (await f.db.first(f.db.qb.selectFrom('membership_plans').select('name').where('id', '=', plan)))!.name;
    const ada = await s.build.member({ locationId: s.site, planId: plan, firstName: 'Ada' });
    await s.build.member({ locationId: s.site, status: 'cancelled' }).then(async (old) => {
      // Ada also holds an older cancelled membership: the active one is shown.
      await f.db.run(f.db.qb.updateTable('memberships').set({ contact_id: ada.contactId, start_date: '2030-01-01' }).where('id', '=', old.membershipId));
    });
    await deskCheckIn(f.db, s.desk, ada.contactId, { location_id: s.site }, clockAt(base - 86_400_000));
    await deskCheckIn(f.db, s.desk, ada.contactId, { location_id: s.site }, clockAt(base));
    const bo = await s.build.member({ locationId: s.site, firstName: 'Bo' });
    await setMembershipStatus(f.db, s.desk, bo.membershipId, 'past_due');
    const cy = await s.build.member({ locationId: s.site, firstName: 'Cy' });
    await f.db.run(f.db.qb.deleteFrom('memberships').where('id', '=', cy.membershipId));
    for (const id of [ada.contactId, bo.contactId, cy.contactId]) await tagged(id, tag);

    const rows = await search(s.desk, { search: tag });
    expect(Object.fromEntries(rows.map((row) => [row.first_name, [row.status, row.plan_name, row.last_visit_at]]))).toEqual({
      Ada: ['active', planName, toIso(base)],
      Bo: ['past_due', expect.any(String), null],
      Cy: [null, null, null],
    });
  });

  it("never lists another location's contacts to a desk of one location", async () => {
    const tag = word();
    const here = await s.build.member({ locationId: s.site, firstName: 'Here' });
    const there = await s.build.member({ locationId: s.elsewhere, firstName: 'There' });
    for (const id of [here.contactId, there.contactId]) await tagged(id, tag);

    expect((await search(s.desk, { search: tag })).map((row) => row.first_name)).toEqual(['Here']);
    expect((await search(s.desk, { search: tag, location_id: s.site })).map((row) => row.first_name)).toEqual(['Here']);
    expect(await refusal(search(s.desk, { search: tag, location_id: s.elsewhere }))).toMatchObject({ code: 'location_not_allowed' });
    expect((await search(s.owner, { search: tag })).map((row) => row.first_name).sort()).toEqual(['Here', 'There']);
  });

  it('runs as many statements for twenty rows as for one', async () => {
    const one = word();
    const twenty = word();
    const build = async (tag: string, count: number) => {
      for (let i = 0; i < count; i++) {
        const member = await s.build.member({ locationId: s.site, firstName: `${tag}${i}` });
        await deskCheckIn(f.db, s.desk, member.contactId, { location_id: s.site }, clockAt(base + i));
        await tagged(member.contactId, tag);
      }
    };
    await build(one, 1);
    await build(twenty, 20);
    const small = counting(f.db);
    const large = counting(f.db);
    expect(await search(s.desk, { search: one }, small.db)).toHaveLength(1);
    expect(await search(s.desk, { search: twenty }, large.db)).toHaveLength(20);
    expect(small.seen.statements).toBeGreaterThan(0);
    expect(large.seen.statements).toBe(small.seen.statements);
  });
});
