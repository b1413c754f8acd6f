import type { KioskAnswer, KioskClassDetail, KioskStatus, KioskTimetable } from '@studio/shared/kiosk';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskGet, kioskPost } from '../helpers/kiosk-http.js';
import { readEvents } from '../helpers/sse.js';

/**
 * The kiosk against the real server (in-process, SQLite) with the agent in-process and a simulated
 * reader: timetable and rosters, check-in by tap and by scan, walk-in, refusals with their reasons.
 */
describe('the kiosk online', () => {
  let stack: KioskStack;
  beforeAll(async () => {
    stack = await startKioskStack({ jobs: 'manual' });
  });
  afterAll(() => stack.close());

  const classVisits = (membershipId: string) =>
    stack.studio.f.db.all(stack.studio.f.db.qb.selectFrom('visits').select(['kind', 'class_id', 'source', 'device_id', 'offline']).where('membership_id', '=', membershipId));

  it('shows the status, the timetable and a roster by display name, from the server', async () => {
    const status = (await kioskGet(stack, '/kiosk/api/status')).body as KioskStatus;
    expect(status).toEqual({ offline: false, location_name: 'Brooklyn', timezone: 'America/New_York', scanner: true, branding: { logo: null, accent_colour: '#1c7ed6', language: 'en' } });

    const timetable = (await kioskGet(stack, '/kiosk/api/classes')).body as KioskTimetable;
    expect(timetable.offline).toBe(false);
    expect(Date.now() - Date.parse(timetable.as_of!)).toBeLessThan(60_000);
    expect(timetable.data.map((c) => c.id)).toEqual([stack.seed.openClass.id, stack.seed.laterClass.id]);
    expect(timetable.data[0]).toMatchObject({ name: 'Morning Flow', capacity: 3, booked: 2, spots_left: 1, status: 'scheduled' });

    const detail = (await kioskGet(stack, `/kiosk/api/class?id=${stack.seed.openClass.id}`)).body as KioskClassDetail;
    expect(detail.offline).toBe(false);
    const { vera, paul } = stack.seed.members;
    expect(detail.roster).toEqual([
      { contact_id: vera.contactId, display_name: 'Vera K.', status: 'reserved' },
      { contact_id: paul.contactId, display_name: 'Paul B.', status: 'reserved' },
    ]);
    // Never a full name.
    expect(JSON.stringify(detail)).not.toContain(vera.lastName);
  });

  it('checks a member in by tapping their name: the server roster shows it, with one class visit', async () => {
    const { vera } = stack.seed.members;
    const tapped = await kioskPost(stack, '/kiosk/api/check-in', { class_id: stack.seed.openClass.id, contact_id: vera.contactId });
    expect(tapped.status).toBe(200);
    expect(tapped.body).toEqual({
      outcome: 'checked_in',
      reason: null,
      first_name: 'Vera',
      class_id: stack.seed.openClass.id,
      class_name: 'Morning Flow',
      walk_in: false,
      offline: false,
    } satisfies KioskAnswer);
    const roster = await stack.serverRoster(stack.seed.openClass.id);
    expect(roster.find((r) => r.contact_id === vera.contactId)).toMatchObject({ status: 'checked_in' });
    expect(await classVisits(vera.membershipId)).toEqual([{ kind: 'class', class_id: stack.seed.openClass.id, source: 'kiosk', device_id: 'front-kiosk', offline: 0 }]);

    // The kiosk's roster shows it at once; tapping again answers "already", and changes nothing.
    const detail = (await kioskGet(stack, `/kiosk/api/class?id=${stack.seed.openClass.id}`)).body as KioskClassDetail;
    expect(detail.roster.find((a) => a.contact_id === vera.contactId)?.status).toBe('checked_in');
    const again = await kioskPost(stack, '/kiosk/api/check-in', { class_id: stack.seed.openClass.id, contact_id: vera.contactId });
    expect(again.body).toMatchObject({ outcome: 'already_checked_in', reason: null });
    expect(await classVisits(vera.membershipId)).toHaveLength(1);
  });

  it('refuses a past-due member scanned at the reader with past_due, and streams the answer', async () => {
    const { paul } = stack.seed.members;
    const stream = await fetch(`${stack.localApiUrl}/kiosk/api/events`);
    const events = readEvents(stream.body!, 'answer', 1);
    const answer = await stack.scan(paul.card);
    expect(answer).toEqual({
      outcome: 'refused',
      reason: 'past_due',
      first_name: 'Paul',
      class_id: stack.seed.openClass.id,
      class_name: 'Morning Flow',
      walk_in: false,
      offline: false,
    } satisfies KioskAnswer);
    expect(await events).toEqual([answer]);
    expect((await stack.serverRoster(stack.seed.openClass.id)).find((r) => r.contact_id === paul.contactId)).toMatchObject({ status: 'reserved' });
  });

  it('books and checks in a member without a spot when the class has room (walk-in), then refuses the next for a full class', async () => {
    const { wendy, olga } = stack.seed.members;
    const walkIn = await stack.scan(wendy.card);
    expect(walkIn).toMatchObject({ outcome: 'checked_in', reason: null, first_name: 'Wendy', class_id: stack.seed.openClass.id, walk_in: true, offline: false });
    expect((await stack.serverRoster(stack.seed.openClass.id)).find((r) => r.contact_id === wendy.contactId)).toMatchObject({ status: 'checked_in' });
    const detail = (await kioskGet(stack, `/kiosk/api/class?id=${stack.seed.openClass.id}`)).body as KioskClassDetail;
    expect(detail.roster.find((a) => a.contact_id === wendy.contactId)).toEqual({ contact_id: wendy.contactId, display_name: 'Wendy M.', status: 'checked_in' });
    expect(detail.class.spots_left).toBe(0);

    // Olga's spot is in the later class, not open yet: the open class is full for her.
    expect(await stack.scan(olga.card)).toMatchObject({ outcome: 'refused', reason: 'class_full', class_id: stack.seed.openClass.id, walk_in: false });
  });

  it('checks into the scan target when one is set, and answers unknown cards with not_found', async () => {
    const { olga } = stack.seed.members;
    const target = await kioskPost(stack, '/kiosk/api/scan-target', { class_id: stack.seed.laterClass.id });
    expect(target).toMatchObject({ status: 200, body: { class_id: stack.seed.laterClass.id } });
    // Two hours ahead the class is not open for check-in yet (the location's window, 30 minutes by default)...
    expect(await stack.scan(olga.card)).toMatchObject({ outcome: 'refused', reason: 'checkin_window', class_id: stack.seed.laterClass.id });
    // ...until the location opens check-in two and a half hours ahead.
    await stack.studio.f.db.run(
      stack.studio.f.db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify({ classes: { checkin_opens_minutes_before: 150 } }) })
        .where('id', '=', stack.studio.locationId),
    );
    await stack.syncNow();
    expect(await stack.scan(olga.card)).toMatchObject({ outcome: 'checked_in', class_id: stack.seed.laterClass.id, walk_in: false });
    expect((await kioskPost(stack, '/kiosk/api/scan-target', { class_id: null })).body).toEqual({ class_id: null });

    expect(await stack.scan('9999999999')).toMatchObject({ outcome: 'refused', reason: 'not_found', class_id: null, first_name: null });
  });

  it('never puts the API key, a card number or a last name in a log line', () => {
    const logs = stack.logs();
    expect(logs).toContain('"msg":"kiosk check-in"');
    expect(logs).not.toContain(stack.apiKey.split('_').pop()!);
    for (const member of Object.values(stack.seed.members)) {
      expect(logs).not.toContain(member.card);
      expect(logs).not.toContain(member.lastName);
      expect(logs).not.toContain(member.contactId);
    }
  });
});
