import { KioskPage, launchKioskBrowser } from '@studio/testkit/kiosk/kiosk-browser';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 7's acceptance test: the renderer in Debian's Chromium, served by the real agent (kiosk,
 * simulated reader, cache, outbox) in front of the real API server, all on loopback. The steps
 * build on each other, in order, on one seeded stack: Morning Flow in 10 minutes with Vera and
 * Paul (past due) booked and one spot free, a later Morning Flow with Olga, Wendy without a spot.
 */
const locationZone = 'America/New_York';
// The browser's own clock is set elsewhere, so times can only be right if the location's zone is used.
const browserZone = 'Asia/Tokyo';
const pageTimings = { idle: 120, answer: 120 };
const poll = { timeout: 20_000, interval: 200 };

let stack: KioskStack;
let browser: Browser;
let kiosk: KioskPage | null = null;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startKioskStack(), launchKioskBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

afterEach(async () => {
  if (!kiosk) return;
  const page = kiosk;
  kiosk = null;
  await page.close();
  // Every screen ran under the agent's CSP without a violation or an error in the console.
  expect(page.cspViolations).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
});

const openKiosk = async () => (kiosk = await KioskPage.open(browser, stack.kioskUrl, pageTimings, browserZone));

async function screen(page: KioskPage, name: string): Promise<void> {
  await page.screenshot(`real-${name}`);
  expect(await page.seriousAccessibilityViolations()).toEqual([]);
}

const rosterStatus = async (classId: string, contactId: string) => (await stack.serverRoster(classId)).find((entry) => entry.contact_id === contactId)?.status;

function classVisits(membershipId: string) {
  const { db } = stack.studio.f;
  return db.all(db.qb.selectFrom('visits').select(['kind', 'class_id', 'source', 'device_id', 'offline']).where('membership_id', '=', membershipId));
}

describe('the kiosk on the real agent and server', () => {
  it('shows the seeded classes with their times in the location zone and the spots left', async () => {
    const page = await openKiosk();
    await page.onScreen('timetable');
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: locationZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const [seeded, spots] of [
      [stack.seed.openClass, '1 spot left'],
      [stack.seed.laterClass, '9 spots left'],
    ] as const) {
      const { body } = await stack.studio.f.request('GET', `/v1/classes/${seeded.id}`);
      const card = page.classCardById(seeded.id);
      const text = await card.textContent();
      expect(text).toContain(seeded.name);
      expect(text).toContain(`${clock.format(new Date(body.start))}–${clock.format(new Date(body.end))}`);
      expect(text).toContain(spots);
    }
    expect(await page.page.locator('.class-card').count()).toBe(2);
    expect(await page.page.locator('.top-bar .place').textContent()).toBe('Brooklyn');
    expect(await page.offlineBadge().isVisible()).toBe(false);
    await screen(page, 'timetable');
  });

  it('checks a member in when she taps her name: the server holds one class visit and the roster shows it', async () => {
    const { vera } = stack.seed.members;
    const { openClass } = stack.seed;
    const page = await openKiosk();
    await page.tap(page.classCardById(openClass.id));
    await page.onScreen('roster');
    expect(await page.page.locator('.name-tile .name').allTextContents()).toEqual(['Vera K.', 'Paul B.']);
    await screen(page, 'roster');

    await page.tap(page.nameTile('Vera K.'));
    expect(await page.answer()).toEqual({ tone: 'success', title: 'Checked in. Enjoy the class, Vera!' });
    await screen(page, 'answer-checked-in');
    expect(await rosterStatus(openClass.id, vera.contactId)).toBe('checked_in');
    expect(await classVisits(vera.membershipId)).toEqual([{ kind: 'class', class_id: openClass.id, source: 'kiosk', device_id: 'front-kiosk', offline: 0 }]);

    await page.tapButton('Back to the class');
    await page.onScreen('roster');
    expect(await page.page.locator('.name-tile.checked-in').textContent()).toContain('Vera K.');
    expect(await page.page.locator('button.name-tile .name').allTextContents()).toEqual(['Paul B.']);
    await screen(page, 'roster-checked-in');
  });

  it('shows the front-desk message when a past-due member scans a fob, and checks nobody in', async () => {
    const { paul } = stack.seed.members;
    const page = await openKiosk();
    await page.onScreen('timetable');
    const answer = await stack.scan(paul.card);
    expect(answer).toMatchObject({ outcome: 'refused', reason: 'past_due', offline: false });
    expect(await page.answer()).toEqual({ tone: 'refused', title: 'Your payment is past due, please see the front desk.' });
    await screen(page, 'answer-past-due');
    expect(await rosterStatus(stack.seed.openClass.id, paul.contactId)).toBe('reserved');
    expect(await classVisits(paul.membershipId)).toEqual([]);
  });

  it('checks in with the server stopped, then the server holds exactly one check-in after it is back', async () => {
    const { wendy } = stack.seed.members;
    const { openClass } = stack.seed;
    // Wendy books the free spot at the desk while the server is up; the kiosk's cache learns of it.
    expect((await stack.studio.f.request('POST', `/v1/classes/${openClass.id}/book`, { body: { contact_id: wendy.contactId } })).status).toBe(201);
    await stack.syncNow();
    await stack.stopServer();

    const page = await openKiosk();
    await page.onScreen('timetable');
    await page.offlineBadge().waitFor({ state: 'visible' });
    expect(await page.offlineBadge().textContent()).toContain('Offline');
    await screen(page, 'timetable-offline');

    await page.tap(page.classCardById(openClass.id));
    await page.onScreen('roster');
    await page.tap(page.nameTile('Wendy M.'));
    expect(await page.answer()).toEqual({ tone: 'success', title: 'Checked in. Enjoy the class, Wendy!' });
    expect(await page.page.locator('main .detail').textContent()).toContain('Saved on this kiosk');
    expect(await page.offlineBadge().isVisible()).toBe(true);
    await screen(page, 'answer-offline');
    expect(await rosterStatus(openClass.id, wendy.contactId)).toBe('reserved');

    await stack.startServer();
    // The agent's own jobs deliver it and tell the page it is back online.
    await expect.poll(() => rosterStatus(openClass.id, wendy.contactId), poll).toBe('checked_in');
    await expect.poll(() => page.offlineBadge().isVisible(), poll).toBe(false);
    const delivered = [{ kind: 'class', class_id: openClass.id, source: 'kiosk', device_id: 'front-kiosk', offline: 1 }];
    expect(await classVisits(wendy.membershipId)).toEqual(delivered);
    // A second drain finds nothing left to send.
    await stack.syncNow();
    expect(await classVisits(wendy.membershipId)).toEqual(delivered);
    const health = (await (await fetch(`${stack.localApiUrl}/health`)).json()) as { kiosk: { outbox: { pending: number; rejected: number } } };
    expect(health.kiosk.outbox).toMatchObject({ pending: 0, rejected: 0 });
  });

  it('never logged the API key, a card number or a last name', () => {
    const logs = stack.logs();
    expect(logs).toContain('kiosk check-in');
    expect(logs).not.toContain(stack.apiKey);
    for (const member of Object.values(stack.seed.members)) {
      expect(logs).not.toContain(member.card);
      expect(logs).not.toContain(member.lastName);
    }
  });
});
