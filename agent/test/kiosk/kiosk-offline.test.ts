import type { KioskClassDetail, KioskConflicts, KioskStatus, KioskTimetable } from '@studio/shared/kiosk';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../src/health.js';
import { kioskGet, kioskPost } from '../helpers/kiosk-http.js';
import { readEvents } from '../helpers/sse.js';

/**
 * The kiosk with the server away: it answers from its cache (flagged offline, with `as_of`),
 * checks booked members in from the cached roster and eligibility into its outbox, refuses with
 * the online reasons, and when the server is back delivers each check-in exactly once, keeping a
 * spot cancelled meanwhile as a conflict for staff. The steps build on each other, in order.
 */
describe('the kiosk offline', () => {
  let stack: KioskStack;
  let syncedAt: string;
  let offlineAt: number;
  beforeAll(async () => {
    stack = await startKioskStack({ jobs: 'manual' });
    // Olga's class, two hours off, must be open for check-in for her offline tap (and its later conflict):
    // this location opens class check-in two and a half hours ahead.
    await stack.studio.f.db.run(
      stack.studio.f.db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify({ classes: { checkin_opens_minutes_before: 150 } }) })
        .where('id', '=', stack.studio.locationId),
    );
    await stack.syncNow();
    syncedAt = ((await kioskGet(stack, '/kiosk/api/classes')).body as KioskTimetable).as_of!;
  });
  afterAll(() => stack.close());

  const visitsOf = (membershipId: string) =>
    stack.studio.f.db.all(stack.studio.f.db.qb.selectFrom('visits').select(['kind', 'class_id', 'checked_in_at', 'source', 'device_id', 'offline']).where('membership_id', '=', membershipId));
  const health = async () => (await kioskGet(stack, '/health')).body as HealthReport;

  it('answers the timetable and a roster from the cache when the server does not answer in time, and says so', async () => {
    await stack.studio.proxy.hang();
    const timetable = (await kioskGet(stack, '/kiosk/api/classes')).body as KioskTimetable;
    expect(timetable).toMatchObject({ offline: true, as_of: syncedAt });
    expect(timetable.data.map((c) => c.id)).toEqual([stack.seed.openClass.id, stack.seed.laterClass.id]);
    await stack.stopServer();
    const detail = (await kioskGet(stack, `/kiosk/api/class?id=${stack.seed.openClass.id}`)).body as KioskClassDetail;
    expect(detail.offline).toBe(true);
    expect(detail.roster.map((a) => [a.display_name, a.status])).toEqual([
      ['Vera K.', 'reserved'],
      ['Paul B.', 'reserved'],
    ]);
    expect(((await kioskGet(stack, '/kiosk/api/status')).body as KioskStatus).offline).toBe(true);
  });

  it('checks a booked member in from the cache, durably queued, and answers "already" the second time', async () => {
    const { vera } = stack.seed.members;
    offlineAt = Date.now();
    const tapped = await kioskPost(stack, '/kiosk/api/check-in', { class_id: stack.seed.openClass.id, contact_id: vera.contactId });
    expect(tapped.body).toEqual({ outcome: 'checked_in', reason: null, first_name: 'Vera', class_id: stack.seed.openClass.id, class_name: 'Morning Flow', walk_in: false, offline: true });
    const again = await kioskPost(stack, '/kiosk/api/check-in', { class_id: stack.seed.openClass.id, contact_id: vera.contactId });
    expect(again.body).toMatchObject({ outcome: 'already_checked_in', offline: true });
    expect((await health()).kiosk?.outbox).toMatchObject({ pending: 1, sent: 0, rejected: 0 });
    expect((await stack.serverRoster(stack.seed.openClass.id)).find((r) => r.contact_id === vera.contactId)?.status).toBe('reserved');
    const detail = (await kioskGet(stack, `/kiosk/api/class?id=${stack.seed.openClass.id}`)).body as KioskClassDetail;
    expect(detail.roster.find((a) => a.contact_id === vera.contactId)?.status).toBe('checked_in');
  });

  it('refuses offline with the online reasons: past_due, a walk-in needing the server, an unknown card', async () => {
    const { paul, wendy } = stack.seed.members;
    expect(await stack.scan(paul.card)).toMatchObject({ outcome: 'refused', reason: 'past_due', first_name: 'Paul', class_id: stack.seed.openClass.id, offline: true });
    expect(await stack.scan(wendy.card)).toMatchObject({ outcome: 'refused', reason: 'walk_in_offline', first_name: 'Wendy', offline: true });
    expect(await stack.scan('9999999999')).toMatchObject({ outcome: 'refused', reason: 'not_found', offline: true });
    expect((await health()).kiosk?.outbox.pending).toBe(1);
  });

  it('delivers the queued check-in exactly once when the server is back, at the time it happened', async () => {
    const { vera, olga } = stack.seed.members;
    // Olga is checked in here offline, and her spot is cancelled at the desk before the kiosk reports it.
    const tapped = await kioskPost(stack, '/kiosk/api/check-in', { class_id: stack.seed.laterClass.id, contact_id: olga.contactId });
    expect(tapped.body).toMatchObject({ outcome: 'checked_in', offline: true });
    const cancelled = await stack.studio.f.request('POST', `/v1/classes/${stack.seed.laterClass.id}/cancel`, { body: { contact_id: olga.contactId, excuse: true } });
    expect(cancelled.status).toBe(200);

    const stream = await fetch(`${stack.localApiUrl}/kiosk/api/events`);
    const statusEvents = readEvents(stream.body!, 'status', 1);
    await stack.startServer();
    await stack.syncNow();
    await stack.syncNow();
    expect(await statusEvents).toEqual([expect.objectContaining({ offline: false })]);

    const visits = await visitsOf(vera.membershipId);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ kind: 'class', class_id: stack.seed.openClass.id, source: 'kiosk', device_id: 'front-kiosk', offline: 1 });
    const checkedInAt = Date.parse(visits[0]!.checked_in_at);
    expect(checkedInAt).toBeGreaterThanOrEqual(offlineAt - 1000);
    expect(checkedInAt).toBeLessThanOrEqual(offlineAt + 10_000);
    const vRoster = (await stack.serverRoster(stack.seed.openClass.id)).find((r) => r.contact_id === vera.contactId)!;
    expect(vRoster).toMatchObject({ status: 'checked_in', checked_in_at: visits[0]!.checked_in_at });
    expect((await health()).kiosk?.outbox).toMatchObject({ pending: 0, sent: 1, rejected: 1 });
  });

  it('keeps the check-in whose spot was cancelled meanwhile as a conflict, reported to staff without identifiers in the log', async () => {
    const { olga } = stack.seed.members;
    const conflicts = (await kioskGet(stack, '/kiosk/api/conflicts')).body as KioskConflicts;
    expect(conflicts.data).toEqual([
      expect.objectContaining({ class_id: stack.seed.laterClass.id, class_name: 'Morning Flow', contact_id: olga.contactId, display_name: 'Olga N.', reason: 'not_booked' }),
    ]);
    const report = await health();
    expect(report.status).toBe('degraded');
    expect(report.kiosk?.conflicts).toEqual(conflicts.data);
    expect(await visitsOf(olga.membershipId)).toEqual([]);

    const warning = stack
      .logs()
      .split('\n')
      .find((line) => line.includes('conflicts with the server'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, reason: 'not_booked' });
    expect(warning).not.toContain(olga.contactId);
    expect(warning).not.toContain('Olga');

    // The refreshed roster is the server's again: Olga's spot is gone.
    const later = (await kioskGet(stack, `/kiosk/api/class?id=${stack.seed.laterClass.id}`)).body as KioskClassDetail;
    expect(later.roster.find((a) => a.contact_id === olga.contactId)).toBeUndefined();
  });

  it('logged the whole outage without the API key, a card number or a full name', () => {
    const logs = stack.logs();
    expect(logs).toContain('kiosk offline: answering from the cache');
    expect(logs).not.toContain(stack.apiKey.split('_').pop()!);
    for (const member of Object.values(stack.seed.members)) {
      expect(logs).not.toContain(member.card);
      expect(logs).not.toContain(member.lastName);
    }
  });
});
