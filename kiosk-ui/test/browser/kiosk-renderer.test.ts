import { FakeLocalApi } from '@studio/testkit/kiosk/fake-local-api';
import { KioskPage, launchKioskBrowser } from '@studio/testkit/kiosk/kiosk-browser';
import { kioskFixture } from '@studio/testkit/kiosk/kiosk-fixture';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KioskAnswer } from '@studio/shared/kiosk';

// The renderer in Debian's Chromium against a scripted local API: what a member sees and taps.
let browser: Browser;
let api: FakeLocalApi;
let url: string;
let fixture: ReturnType<typeof kioskFixture>;
let kiosk: KioskPage | null = null;

const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

beforeAll(async () => {
  browser = await launchKioskBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  fixture = kioskFixture();
  api = new FakeLocalApi(fixture.data);
  url = await api.start();
});

afterEach(async () => {
  // Every screen ran under the strict CSP without a violation or an error in the console.
  expect(kiosk?.cspViolations).toEqual([]);
  expect(kiosk?.consoleErrors).toEqual([]);
  await kiosk?.close();
  kiosk = null;
  await api.stop();
});

async function expectAccessible(page: KioskPage): Promise<void> {
  expect(await page.seriousAccessibilityViolations()).toEqual([]);
}

function scanAnswer(overrides: Partial<KioskAnswer>): KioskAnswer {
  return { outcome: 'checked_in', reason: null, first_name: null, class_id: null, class_name: null, walk_in: false, offline: false, ...overrides };
}

describe('kiosk renderer in Chromium', () => {
  it('shows the timetable in the location zone with instructor and spots left', async () => {
    kiosk = await KioskPage.open(browser, url);
    await kiosk.onScreen('timetable');
    const { yoga, spin, pilates, boxing } = fixture.classes;
    const yogaCard = kiosk.classCard(yoga.name);
    await expect.poll(() => yogaCard.textContent()).toContain(`${londonTime.format(new Date(yoga.start))}–${londonTime.format(new Date(yoga.end))}`);
    expect(await yogaCard.textContent()).toContain('with Ana');
    expect(await yogaCard.textContent()).toContain('9 spots left');
    expect(await yogaCard.textContent()).toContain('Now');
    expect(await kiosk.classCard(spin.name).textContent()).toContain('Full');
    expect(await kiosk.classCard(pilates.name).textContent()).toContain('6 spots left');
    expect(await kiosk.page.locator('.class-card.cancelled', { hasText: boxing.name }).textContent()).toContain('Cancelled');
    expect(await kiosk.page.locator('.top-bar .place').textContent()).toBe('Harbour Fitness & Spa');
    await expect.poll(() => kiosk!.offlineBadge().isVisible()).toBe(false);
    await kiosk.screenshot('timetable');
    await expectAccessible(kiosk);
  });

  it('checks a member in when they tap their name, then shows them checked in on the roster', async () => {
    kiosk = await KioskPage.open(browser, url);
    const { yoga } = fixture.classes;
    const { sam } = fixture.members;
    await kiosk.tap(kiosk.classCard(yoga.name));
    await kiosk.onScreen('roster');
    expect(await kiosk.heading().textContent()).toBe(yoga.name);
    await expect.poll(() => api.scanTargets).toEqual([yoga.id]);
    await kiosk.screenshot('roster');
    await expectAccessible(kiosk);

    await kiosk.tap(kiosk.nameTile('Sam K.'));
    expect(await kiosk.answer()).toEqual({ tone: 'success', title: 'Checked in. Enjoy the class, Sam!' });
    expect(api.checkIns).toEqual([{ class_id: yoga.id, contact_id: sam.contactId }]);
    await kiosk.screenshot('answer-checked-in');
    await expectAccessible(kiosk);

    await kiosk.tapButton('Back to the class');
    await kiosk.onScreen('roster');
    await expect.poll(() => kiosk!.nameTile('Sam K.').getAttribute('class')).toContain('checked-in');
    expect(await kiosk.nameTile('Sam K.').textContent()).toContain('Checked in');
    expect(await kiosk.page.locator('button.name-tile', { hasText: 'Sam K.' }).count()).toBe(0);
  });

  it('shows the front-desk message when a scanned member is past due', async () => {
    kiosk = await KioskPage.open(browser, url);
    await kiosk.onScreen('timetable');
    api.emitAnswer(scanAnswer({ outcome: 'refused', reason: 'past_due', first_name: 'Priya' }));
    expect(await kiosk.answer()).toEqual({ tone: 'refused', title: 'Your payment is past due, please see the front desk.' });
    await kiosk.screenshot('answer-past-due');
    await expectAccessible(kiosk);
  });

  it('shows a discreet offline badge and still checks in offline', async () => {
    kiosk = await KioskPage.open(browser, url);
    await kiosk.onScreen('timetable');
    api.setStatus({ offline: true });
    await kiosk.offlineBadge().waitFor({ state: 'visible' });
    expect(await kiosk.offlineBadge().textContent()).toContain('Offline');
    await kiosk.screenshot('timetable-offline');
    await expectAccessible(kiosk);

    await kiosk.tap(kiosk.classCard(fixture.classes.yoga.name));
    await kiosk.onScreen('roster');
    // Walk-ins need the server: offline, the roster sends newcomers to the desk instead.
    expect(await kiosk.page.locator('button.walk-in').count()).toBe(0);
    await kiosk.tap(kiosk.nameTile('Priya N.'));
    const answer = await kiosk.answer();
    expect(answer).toEqual({ tone: 'success', title: 'Checked in. Enjoy the class, Priya!' });
    expect(await kiosk.page.locator('main .detail').textContent()).toContain('Saved on this kiosk');
    expect(await kiosk.offlineBadge().isVisible()).toBe(true);
    await kiosk.screenshot('answer-offline');
  });

  it('returns to the start screen when nobody touches it, and after an answer', async () => {
    kiosk = await KioskPage.open(browser, url, { idle: 1, answer: 1 });
    await kiosk.tap(kiosk.classCard(fixture.classes.yoga.name));
    await kiosk.onScreen('roster');
    await kiosk.onScreen('timetable');
    // Back at the start, a scan is no longer aimed at the class that was open.
    await expect.poll(() => api.scanTargets).toEqual([fixture.classes.yoga.id, null]);

    api.emitAnswer(scanAnswer({ first_name: 'Lee', class_name: 'Vinyasa Yoga' }));
    await kiosk.onScreen('answer');
    await kiosk.onScreen('timetable');
  });

  it('walks in: the next scan books a spot and checks in', async () => {
    kiosk = await KioskPage.open(browser, url);
    const { yoga } = fixture.classes;
    await kiosk.tap(kiosk.classCard(yoga.name));
    await kiosk.onScreen('roster');
    await kiosk.tapButton(/Walk in/);
    await kiosk.onScreen('walk-in');
    expect(await kiosk.heading().textContent()).toBe(`Walk in to ${yoga.name}`);
    await kiosk.screenshot('walk-in');
    await expectAccessible(kiosk);

    api.emitAnswer(scanAnswer({ first_name: 'Jo', class_id: yoga.id, class_name: yoga.name, walk_in: true }));
    expect(await kiosk.answer()).toEqual({ tone: 'success', title: 'Booked and checked in. Enjoy the class, Jo!' });
    await kiosk.tapButton('Back to the class');
    await kiosk.onScreen('roster');
    expect(await kiosk.heading().textContent()).toBe(yoga.name);
  });

  it('shows a friendly problem for an off-contract answer and ignores a malformed event', async () => {
    api.rawReplies.set('GET /kiosk/api/classes', { data: [{ id: 'not-a-uuid' }], offline: false, as_of: null });
    kiosk = await KioskPage.open(browser, url);
    await kiosk.onScreen('problem');
    expect(await kiosk.heading().textContent()).toBe('Something went wrong.');
    await kiosk.screenshot('problem');
    await expectAccessible(kiosk);

    api.rawReplies.clear();
    api.emitRaw('answer', '{"outcome":"maybe"}');
    await kiosk.tapButton('Try again');
    await kiosk.onScreen('timetable');
    expect(await kiosk.page.locator('.class-card').count()).toBe(4);
  });

  it('has an accessibility check that does report a serious violation', async () => {
    kiosk = await KioskPage.open(browser, url);
    await kiosk.onScreen('timetable');
    // A button without a name, added through the debugger (not the page), must be caught.
    await kiosk.page.evaluate("document.querySelector('main').append(document.createElement('button'))");
    expect((await kiosk.seriousAccessibilityViolations()).map((violation) => violation.id)).toContain('button-name');
  });
});
