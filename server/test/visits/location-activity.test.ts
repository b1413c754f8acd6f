import { ApiError } from '@studio/shared';
import { createStudioClient } from '@studio/shared/client';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { classBuilder } from '@studio/testkit/server/classes';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/time.js';
import { systemActor, type Actor } from '../../src/domain/actor.js';
import { bookClass } from '../../src/modules/classes/book.js';
import { checkInToClass } from '../../src/modules/classes/check-in.js';
import { checkIn } from '../../src/modules/members/checkin.js';
import { voidVisit } from '../../src/modules/members/void-visit.js';
import { listCheckinDenials, listLocationVisits, type ActivityQuery } from '../../src/modules/visits/location-activity.js';
import { CursorCodec } from '../../src/pagination/cursor.js';

// The services read this clock, never the machine's.
const base = Date.parse('2031-05-06T18:00:00.000Z');
const at = (offsetMinutes: number) => new Date(base + offsetMinutes * 60_000).toISOString();
const clockAt =
  (ms: number): Clock =>
  () =>
    ms;
const card = '04A3B2C1D5E680';

/** Issue 17: a location's visits and refused check-ins by time range, paged, for integrators and the front desk. */
describe.each(dialects)("a location's visits and refused check-ins (%s)", (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  let cursors: CursorCodec;
  let actor: Actor;
  /** A location of its own, so other tests' visits never show. */
  let site: string;
  /** Visit ids by name. */
  const visits: Record<string, string> = {};
  let pausedMembership: string;

  /** Checks a member in as the turnstile would, the clock at `minutes` from base. */
  const enter = async (membershipId: string, minutes: number, extra: Partial<Parameters<typeof checkIn>[2]> = {}) =>
    (await checkIn(f.db, actor, { location_id: site, membership_id: membershipId, source: 'turnstile', device_id: 'gate-1', ...extra }, clockAt(base + minutes * 60_000))).visit.id;
  const refusedCode = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      if (error instanceof ApiError) return error.code;
      throw error;
    }
    return null;
  };
  /** Every row of the window, page by page, with the page sizes seen. */
  async function walk<T>(list: typeof listLocationVisits | typeof listCheckinDenials, query: Omit<ActivityQuery, 'cursor'>, clock: Clock) {
    const rows: T[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(f.db, actor, { ...query, cursor }, cursors, clock);
      rows.push(...(page.data as T[]));
      sizes.push(page.data.length);
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    return { rows, sizes };
  }

  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
    const secret = await f.db.first(f.db.qb.selectFrom('server_settings').select('value').where('name', '=', 'cursor_secret'));
    cursors = new CursorCodec(secret!.value);
    actor = systemActor(f.acme.id, 'test');
    site = await build.location();
    const regular = await build.member({ locationId: site, code: 'ACT-REGULAR' });
    visits.dayAgo30h = await enter(regular.membershipId, -30 * 60);
    visits.exactly24h = await enter(regular.membershipId, -24 * 60);
    for (let i = 0; i < 5; i++) visits[`recent${i}`] = await enter(regular.membershipId, -60 + i);
    visits.atNow = await enter(regular.membershipId, 0);
    // A device let a paused member in while offline: recorded with its flags.
    const paused = await build.member({ locationId: site, status: 'paused', cards: [{ value: card }] });
    pausedMembership = paused.membershipId;
    visits.offline = await enter(paused.membershipId, 0, { offline: true, checked_in_at: at(-120), source: 'kiosk', device_id: 'kiosk-2' });
    visits.voided = await enter(regular.membershipId, -90);
    await voidVisit(f.db, actor, visits.voided, { reason: 'door_not_opened' }, clockAt(base - 89 * 60_000));
  });
  afterAll(() => f.close());

  it('lists the last 24 hours by the injected clock, newest first, through pages: 24 hours ago included, now excluded', async () => {
    const { rows, sizes } = await walk<{ id: string; checked_in_at: string }>(listLocationVisits, { location_id: site, limit: 3 }, clockAt(base));
    expect(sizes).toEqual([3, 3, 2]);
    expect(rows.map((row) => row.id)).toEqual([visits.recent4, visits.recent3, visits.recent2, visits.recent1, visits.recent0, visits.voided, visits.offline, visits.exactly24h]);
    const times = rows.map((row) => row.checked_in_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps the window of the first page for its cursor, however late the next page is asked for', async () => {
    const first = await listLocationVisits(f.db, actor, { location_id: site, limit: 5 }, cursors, clockAt(base));
    // Two hours on: a fresh first page would drop the visit of 24 hours ago; the cursor's window keeps it.
    const later = clockAt(base + 2 * 3600_000);
    const next = await listLocationVisits(f.db, actor, { location_id: site, limit: 5, cursor: first.next_cursor! }, cursors, later);
    expect(next.data.map((row) => row.id)).toEqual([visits.voided, visits.offline, visits.exactly24h]);
    expect(next.next_cursor).toBeNull();
    const fresh = await listLocationVisits(f.db, actor, { location_id: site, limit: 100 }, cursors, later);
    expect(fresh.data.map((row) => row.id)).toContain(visits.atNow);
    expect(fresh.data.map((row) => row.id)).not.toContain(visits.exactly24h);
  });

  it('reads from and to with any offset, from included and to excluded, a bare date as local midnight', async () => {
    // 12:00 to 12:58 in New York is 16:00 to 16:58 UTC: recent0 (17:00 UTC) is the first one out.
    const ids = async (from: string, to: string) => (await walk<{ id: string }>(listLocationVisits, { location_id: site, from, to, limit: 2 }, clockAt(base))).rows.map((row) => row.id);
    expect(await ids('2031-05-06T12:00:00-04:00', '2031-05-06T13:00:00-04:00')).toEqual([visits.voided, visits.offline]);
    expect(await ids('2031-05-06T16:30:00Z', '2031-05-06T17:00:00.000+00:00')).toEqual([visits.voided]);
    expect(await ids('2031-05-06T17:00:00Z', '2031-05-06T17:01:00Z')).toEqual([visits.recent0]);
    // The site is in New York: 2031-05-05 runs from 04:00 UTC on the 5th to 04:00 UTC on the 6th.
    expect(await ids('2031-05-05', '2031-05-06')).toEqual([visits.exactly24h, visits.dayAgo30h]);
    expect(await ids('2031-05-06', '2031-05-07')).toEqual([visits.atNow, visits.recent4, visits.recent3, visits.recent2, visits.recent1, visits.recent0, visits.voided, visits.offline]);
  });

  it('shows every way in as recorded: offline with its flags, voided marked and uncounted', async () => {
    const { rows } = await walk<Record<string, unknown>>(listLocationVisits, { location_id: site, limit: 100 }, clockAt(base));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(visits.offline)).toMatchObject({
      membership_id: pausedMembership,
      offline: true,
      source: 'kiosk',
      device_id: 'kiosk-2',
      checked_in_at: at(-120),
      flags: expect.arrayContaining(['ineligible_at_checkin', 'paused']),
      voided_at: null,
      void_reason: null,
    });
    expect(byId.get(visits.voided)).toMatchObject({ voided_at: at(-89), void_reason: 'door_not_opened', counted: false, offline: false, source: 'turnstile', kind: 'facility' });
    expect(byId.get(visits.recent0)).toMatchObject({ counted: true, voided_at: null, location_id: site, device_id: 'gate-1' });
  });

  it('lists a class check-in at the location as a visit of kind class', async () => {
    const c = classBuilder(f);
    const studio = await build.location();
    const member = await build.member({ locationId: studio });
    const classId = await c.classAt(at(-200), { serviceId: await c.service({ locationId: studio }), locationId: studio });
    await bookClass(f.db, actor, classId, { contact_id: member.contactId, allow_without_entitlement: false }, clockAt(base - 300 * 60_000));
    await checkInToClass(f.db, actor, classId, { contact_id: member.contactId, source: 'kiosk' }, clockAt(base - 205 * 60_000));
    const page = await listLocationVisits(f.db, actor, { location_id: studio, limit: 25 }, cursors, clockAt(base));
    expect(page.data).toEqual([expect.objectContaining({ kind: 'class', class_id: classId, membership_id: member.membershipId, source: 'kiosk', checked_in_at: at(-205), voided_at: null })]);
  });

  it('lists refused check-ins with their reasons and the member, paged, never the card presented', async () => {
    const door = (minutes: number, body: Partial<Parameters<typeof checkIn>[2]>) =>
      refusedCode(checkIn(f.db, actor, { location_id: site, source: 'turnstile', device_id: 'gate-1', ...body }, clockAt(base + minutes * 60_000)));
    expect(await door(-50, { identifier: card })).toBe('checkin_blocked');
    expect(await door(-40, { identifier: 'NO-SUCH-CODE' })).toBe('member_not_found');
    expect(await door(-30, { membership_id: pausedMembership, source: 'staff', device_id: undefined })).toBe('checkin_blocked');
    expect(await door(-25 * 60, { identifier: card })).toBe('checkin_blocked');
    const { rows, sizes } = await walk<Record<string, unknown>>(listCheckinDenials, { location_id: site, limit: 2 }, clockAt(base));
    expect(sizes).toEqual([2, 1]);
    const [byStaff, unknown, byCard] = rows;
    expect(byStaff).toMatchObject({
      membership_id: pausedMembership,
      reasons: ['paused'],
      message: 'The membership is paused.',
      identifier_presented: false,
      source: 'staff',
      device_id: null,
      attempted_at: at(-30),
    });
    expect(unknown).toMatchObject({ membership_id: null, contact_id: null, reasons: ['not_found'], identifier_presented: true, source: 'turnstile', device_id: 'gate-1', attempted_at: at(-40) });
    expect(byCard).toMatchObject({ membership_id: pausedMembership, contact_id: expect.any(String), reasons: ['paused'], identifier_presented: true, location_id: site, attempted_at: at(-50) });
    const text = JSON.stringify(rows);
    const stored = await f.db.all(f.db.qb.selectFrom('checkin_denials').select('credential_hash').where('location_id', '=', site).where('credential_hash', 'is not', null));
    expect(stored.length).toBeGreaterThan(0);
    for (const secret of [card, card.toLowerCase(), 'NO-SUCH-CODE', ...stored.map((row) => row.credential_hash!)]) expect(text).not.toContain(secret);
    expect(Object.keys(byCard!)).not.toContain('credential_hash');
  });

  it('holds a staff actor to its locations in the services themselves, with no request', async () => {
    const frontDesk: Actor = {
      companyId: f.acme.id,
      environment: 'live',
      identity: { kind: 'staff_user', staffUserId: 'desk-camden', role: 'front_desk' },
      scopes: ['checkin:members'],
      locationIds: [f.acme.gb.id],
    };
    const rival: Actor = { ...frontDesk, companyId: f.other.id, locationIds: null };
    for (const list of [listLocationVisits, listCheckinDenials]) {
      expect(await refusedCode(list(f.db, frontDesk, { location_id: site, limit: 5 }, cursors, clockAt(base)))).toBe('location_not_allowed');
      expect(await refusedCode(list(f.db, rival, { location_id: site, limit: 5 }, cursors, clockAt(base)))).toBe('resource_missing');
      // Its only location is the one meant when none is named.
      expect(await list(f.db, frontDesk, { limit: 5 }, cursors, clockAt(base))).toEqual({ data: [], next_cursor: null });
    }
  });

  describe('over HTTP', () => {
    const window = `from=${encodeURIComponent(at(-24 * 60))}&to=${encodeURIComponent(at(0))}`;

    it('pages with the API cursor and refuses a cursor used with another window', async () => {
      const first = await f.request('GET', `/v1/visits?location_id=${site}&${window}&limit=5`);
      expect(first.status).toBe(200);
      expect(first.body.data.map((row: { id: string }) => row.id)).toEqual([visits.recent4, visits.recent3, visits.recent2, visits.recent1, visits.recent0]);
      const cursor = encodeURIComponent(first.body.next_cursor);
      const second = await f.request('GET', `/v1/visits?location_id=${site}&${window}&limit=5&cursor=${cursor}`);
      expect(second.body).toMatchObject({ next_cursor: null });
      expect(second.body.data.map((row: { id: string }) => row.id)).toEqual([visits.voided, visits.offline, visits.exactly24h]);
      const moved = await f.request('GET', `/v1/visits?location_id=${site}&from=${encodeURIComponent(at(-60))}&to=${encodeURIComponent(at(0))}&cursor=${cursor}`);
      expect(moved.status).toBe(400);
      expect(moved.body.error).toMatchObject({ code: 'invalid_param', param: 'cursor' });
      const denials = await f.request('GET', `/v1/checkin-denials?location_id=${site}&${window}&cursor=${cursor}`);
      expect(denials.body.error).toMatchObject({ code: 'invalid_param', param: 'cursor' });
    });

    it('is walked by the typed client, each row parsed by its schema', async () => {
      const base = await f.app.listen({ port: 0, host: '127.0.0.1' });
      const client = createStudioClient({ baseUrl: `${base}/v1`, apiKey: f.keys.all });
      try {
        const query = { location_id: site, from: at(-24 * 60), to: at(0), limit: 3 };
        const walked: string[] = [];
        for await (const row of client.visits.all(query)) walked.push(row.id);
        expect(walked).toEqual([visits.recent4, visits.recent3, visits.recent2, visits.recent1, visits.recent0, visits.voided, visits.offline, visits.exactly24h]);
        const reasons: string[][] = [];
        for await (const row of client.checkinDenials.all({ ...query, limit: 1 })) reasons.push(row.reasons);
        expect(reasons).toEqual([['paused'], ['not_found'], ['paused']]);
      } finally {
        await client.close();
      }
    });

    it('holds a key to its scopes and locations: 403 for another location of the company, 404 for another company', async () => {
      for (const path of ['/v1/visits', '/v1/checkin-denials']) {
        const url = `${path}?location_id=${site}&${window}`;
        const reader = await f.mint({ scopes: ['read:memberships'], locations: [site] });
        expect((await f.request('GET', url, { key: reader })).status).toBe(200);
        const desk = await f.mint({ scopes: ['checkin:members'], locations: [site] });
        expect((await f.request('GET', url, { key: desk })).status).toBe(200);
        // The key's only location is the one meant when none is named.
        expect((await f.request('GET', `${path}?${window}`, { key: desk })).body.data.length).toBeGreaterThan(0);
        const contactsOnly = await f.mint({ scopes: ['read:contacts'] });
        expect((await f.request('GET', url, { key: contactsOnly })).body.error).toMatchObject({ code: 'insufficient_scope' });
        const camden = await f.mint({ scopes: ['checkin:members'], locations: [f.acme.gb.id] });
        expect((await f.request('GET', url, { key: camden })).body.error).toMatchObject({ code: 'location_not_allowed', param: 'location_id' });
        expect((await f.request('GET', url, { key: f.keys.other })).body.error).toMatchObject({ code: 'resource_missing', param: 'location_id' });
        expect((await f.request('GET', `${path}?location_id=${f.other.location.id}`)).body.error).toMatchObject({ code: 'resource_missing', param: 'location_id' });
        // A key of several locations names one.
        expect((await f.request('GET', `${path}?${window}`)).body.error).toMatchObject({ code: 'missing_field', param: 'location_id' });
        expect((await f.request('GET', `${path}?location_id=${site}&from=yesterday`)).body.error).toMatchObject({ code: 'invalid_param' });
      }
    });
  });
});
