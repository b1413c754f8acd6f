import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentDeskScans, recordDeskScan, sweepDeskScans } from '../../../src/modules/desk-scans/service.js';
import { resolveMember } from '../../../src/modules/members/resolve.js';
import { enrolScan, enrolTypedCard } from '../../../src/web/desk/cards.js';
import { deviceActor } from '@studio/testkit/server/device-actor';
import { clockAt, deskStudio, refusal } from './desk-studio.js';

const base = Date.parse('2031-03-04T14:00:00.000Z');
const after = (seconds: number) => clockAt(base + seconds * 1000);

/** Issue 17, card enrolment: desk readers report unknown cards, staff assign them in two minutes; a held card is only said to be held (issue 29). */
describe.each(dialects)('desk scans and card enrolment (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(async () => f.close());

  it('POST /v1/desk-scans stores an unknown card (201) and says a known one is held (200) without naming its holder, never echoing the number', async () => {
    const build = memberBuilder(f);
    await build.member({ locationId: f.acme.us.id, firstName: 'Hana', cards: [{ value: '04AABBCCDD1122' }] });
    const key = await f.deviceKey('desk-1', 'desk_reader');
    const unknown = await f.request('POST', '/v1/desk-scans', { key, body: { location_id: f.acme.us.id, device_id: 'desk-1', identifier: '04 99 88 77 66 55 44' } });
    expect(unknown.status).toBe(201);
    expect(unknown.body.scan).toMatchObject({ location_id: f.acme.us.id, device_id: 'desk-1', last_four: '5544', format: 'hex' });
    expect(JSON.stringify(unknown.body)).not.toContain('998877');
    const known = await f.request('POST', '/v1/desk-scans', { key, body: { location_id: f.acme.us.id, device_id: 'desk-1', identifier: '04AABBCCDD1122' } });
    expect(known).toMatchObject({ status: 200, body: { held: true } });
    expect(JSON.stringify(known.body)).not.toContain('Hana');
    const elsewhere = await f.request('POST', '/v1/desk-scans', { key, body: { location_id: f.acme.gb.id, device_id: 'desk-1', identifier: '04AABBCCDD5566' } });
    expect(elsewhere).toMatchObject({ status: 403, body: { error: { code: 'location_not_allowed' } } });
  });

  it('offers unclaimed unknown reads of the last two minutes, newest first, per reader; erases the number after ten', async () => {
    const s = await deskStudio(f);
    const read = (device: string, identifier: string, seconds: number) =>
      recordDeskScan(f.db, deviceActor(f.acme.id, s.site, device, 'desk_reader'), { location_id: s.site, device_id: device, identifier }, after(seconds));
    const old = await read('desk-1', '04000000000001', 0);
    const recent = await read('desk-1', '04000000000002', 100);
    const other = await read('desk-2', '04000000000003', 110);
    const ids = (list: { id: string }[]) => list.map((scan) => scan.id);
    const idOf = (answer: typeof old) => (answer.status === 201 ? answer.body.scan.id : '');
    expect(ids(await recentDeskScans(f.db, s.desk, { location_id: s.site }, after(119)))).toEqual([idOf(other), idOf(recent), idOf(old)]);
    expect(ids(await recentDeskScans(f.db, s.desk, { location_id: s.site }, after(121)))).toEqual([idOf(other), idOf(recent)]);
    expect(ids(await recentDeskScans(f.db, s.desk, { location_id: s.site, device_id: 'desk-1' }, after(121)))).toEqual([idOf(recent)]);
    expect(await refusal(recentDeskScans(f.db, s.desk, { location_id: s.elsewhere }, after(121)))).toMatchObject({ code: 'location_not_allowed' });
    expect(await refusal(enrolScan(f.db, s.desk, idOf(old), (await s.build.member({ locationId: s.site })).membershipId, after(121)))).toMatchObject({ code: 'scan_expired' });

    expect(await sweepDeskScans(f.db, after(599))).toBe(0);
    expect(await sweepDeskScans(f.db, after(601))).toBeGreaterThanOrEqual(1);
    const rows = await f.db.all(f.db.qb.selectFrom('desk_scans').select(['id', 'value', 'last_four']).where('location_id', '=', s.site).orderBy('scanned_at'));
    expect(rows.map((row) => [row.value, row.last_four])).toEqual([
      [null, '0001'],
      ['04000000000002', '0002'],
      ['04000000000003', '0003'],
    ]);
  });

  it('enrols the scanned card once: resolve then finds the member, a second click is told it was claimed', async () => {
    const s = await deskStudio(f);
    const member = await s.build.member({ locationId: s.site, firstName: 'Nora' });
    const reader = deviceActor(f.acme.id, s.site, 'desk-1', 'desk_reader');
    const scan = await recordDeskScan(f.db, reader, { location_id: s.site, device_id: 'desk-1', identifier: '04C0FFEE000001' }, after(0));
    if (scan.status !== 201) throw new Error('expected an unknown card');
    const card = await enrolScan(f.db, s.desk, scan.body.scan.id, member.membershipId, after(30));
    expect(card.membership_id).toBe(member.membershipId);
    expect(await resolveMember(f.db, s.desk, { location_id: s.site, identifier: '04C0FFEE000001' })).toMatchObject({ found: true, membership_id: member.membershipId });
    expect(await refusal(enrolScan(f.db, s.desk, scan.body.scan.id, member.membershipId, after(31)))).toMatchObject({ code: 'scan_claimed' });
    expect(await recentDeskScans(f.db, s.desk, { location_id: s.site }, after(32))).toEqual([]);
    // The same card read again is now held; the reader is not told by whom.
    expect(await recordDeskScan(f.db, reader, { location_id: s.site, device_id: 'desk-1', identifier: '04C0FFEE000001' }, after(40))).toEqual({ status: 200, body: { held: true } });
  });

  it('refuses a card someone holds as card_taken, naming the holder only to staff who may see them', async () => {
    const s = await deskStudio(f);
    const holder = await s.build.member({ locationId: s.site, firstName: 'Hugo', cards: [{ value: '04D00D00000001' }] });
    const elsewhereOnly = await s.build.plan({ locationId: s.elsewhere, accessLocationIds: [s.elsewhere] });
    const farHolder = await s.build.member({ locationId: s.elsewhere, planId: elsewhereOnly, firstName: 'Faye', cards: [{ value: '04D00D00000002' }] });
    const newcomer = await s.build.member({ locationId: s.site });
    const taken = await refusal(enrolTypedCard(f.db, s.desk, { membership_id: newcomer.membershipId, uid: '04D00D00000001' }));
    expect(taken).toMatchObject({ code: 'card_taken', details: { holder: { contact_id: holder.contactId, name: 'Hugo' } } });
    const hidden = await refusal(enrolTypedCard(f.db, s.desk, { membership_id: newcomer.membershipId, uid: '04D00D00000002' }));
    expect(hidden).toMatchObject({ code: 'card_taken' });
    expect(hidden?.details).toBeUndefined();
    expect(hidden?.message).not.toContain('Faye');
    expect(farHolder.cardIds).toHaveLength(1);
    // A scan of a held card enrolled to someone else: card_taken, and the scan stays on offer.
    const scan = await recordDeskScan(f.db, deviceActor(f.acme.id, s.site, 'desk-1', 'desk_reader'), { location_id: s.site, device_id: 'desk-1', identifier: '04D00D00000009' }, after(0));
    if (scan.status !== 201) throw new Error('expected an unknown card');
    await enrolTypedCard(f.db, s.owner, { membership_id: holder.membershipId, uid: '04D00D00000009' });
    expect(await refusal(enrolScan(f.db, s.desk, scan.body.scan.id, newcomer.membershipId, after(10)))).toMatchObject({ code: 'card_taken' });
    expect((await recentDeskScans(f.db, s.desk, { location_id: s.site }, after(11))).map((x) => x.id)).toEqual([scan.body.scan.id]);
    const typed = await enrolTypedCard(f.db, s.desk, { membership_id: newcomer.membershipId, uid: '04D00D0000000A' });
    expect(typed.membership_id).toBe(newcomer.membershipId);
  });
});
