import type { KioskTimetable } from '@studio/shared/kiosk';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../src/health.js';
import { kioskGet, kioskPost } from '../helpers/kiosk-http.js';

/**
 * The kiosk and the server apply one class check-in window, the location's: a tap and a scan,
 * online and offline, refuse outside it with `checkin_window`, and the kiosk takes the window the
 * server sends with the timetable rather than its own `checkin_opens_min`. Steps build on each other.
 */
describe('the kiosk class check-in window', () => {
  let stack: KioskStack;
  beforeAll(async () => {
    stack = await startKioskStack({ jobs: 'manual' });
  });
  afterAll(() => stack.close());

  const tap = async (classId: string, contactId: string) => (await kioskPost(stack, '/kiosk/api/check-in', { class_id: classId, contact_id: contactId })).body;
  const outbox = async () => ((await kioskGet(stack, '/health')).body as HealthReport).kiosk?.outbox;
  const setWindow = (classes: Record<string, number>) =>
    stack.studio.f.db.run(
      stack.studio.f.db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify({ classes }) })
        .where('id', '=', stack.studio.locationId),
    );

  it("receives each class's window with the timetable", async () => {
    const timetable = (await kioskGet(stack, '/kiosk/api/classes')).body as KioskTimetable;
    const open = timetable.data.find((c) => c.id === stack.seed.openClass.id)!;
    expect(Date.parse(open.checkin_opens_at!)).toBe(Date.parse(open.start) - 30 * 60_000);
    expect(Date.parse(open.checkin_closes_at!)).toBe(Date.parse(open.start) + 15 * 60_000);
  });

  it('refuses a tap into a class two hours off, online (the server) and offline (the cached window)', async () => {
    const { olga } = stack.seed.members;
    expect(await tap(stack.seed.laterClass.id, olga.contactId)).toMatchObject({ outcome: 'refused', reason: 'checkin_window', offline: false });
    await stack.stopServer();
    expect(await tap(stack.seed.laterClass.id, olga.contactId)).toMatchObject({ outcome: 'refused', reason: 'checkin_window', offline: true });
    expect(await outbox()).toMatchObject({ pending: 0 });
    await stack.startServer();
    expect((await stack.serverRoster(stack.seed.laterClass.id)).find((r: { contact_id: string }) => r.contact_id === olga.contactId)?.status).toBe('reserved');
  });

  it("follows the location's window, not its own constant: opening 5 minutes ahead, a class 10 minutes off is not open for a scan or a tap", async () => {
    const { vera } = stack.seed.members;
    await setWindow({ checkin_opens_minutes_before: 5 });
    await stack.syncNow();
    expect(await stack.scan(vera.card)).toMatchObject({ outcome: 'refused', reason: 'no_class_now', offline: false });
    expect(await tap(stack.seed.openClass.id, vera.contactId)).toMatchObject({ outcome: 'refused', reason: 'checkin_window', offline: false });
    await stack.stopServer();
    expect(await stack.scan(vera.card)).toMatchObject({ outcome: 'refused', reason: 'no_class_now', offline: true });
    expect(await tap(stack.seed.openClass.id, vera.contactId)).toMatchObject({ outcome: 'refused', reason: 'checkin_window', offline: true });
    expect(await outbox()).toMatchObject({ pending: 0 });
    await stack.startServer();
  });

  it("checks in once the location's window holds the class", async () => {
    const { vera } = stack.seed.members;
    await setWindow({ checkin_opens_minutes_before: 20 });
    await stack.syncNow();
    expect(await stack.scan(vera.card)).toMatchObject({ outcome: 'checked_in', class_id: stack.seed.openClass.id, offline: false });
  });

  it('answers "already checked in" outside the window too, online and offline, as the server does', async () => {
    const { vera } = stack.seed.members;
    await setWindow({ checkin_opens_minutes_before: 1 });
    await stack.syncNow();
    expect(await tap(stack.seed.openClass.id, vera.contactId)).toMatchObject({ outcome: 'already_checked_in', offline: false });
    await stack.stopServer();
    expect(await tap(stack.seed.openClass.id, vera.contactId)).toMatchObject({ outcome: 'already_checked_in', offline: true });
    await stack.startServer();
  });
});
