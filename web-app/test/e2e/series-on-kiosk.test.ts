import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drawLogo } from '@studio/testkit/kiosk/drawn-logo';
import { KioskPage } from '@studio/testkit/kiosk/kiosk-browser';
import { addClassService } from '@studio/testkit/web/class-service';
import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { webScreenshotDir } from '@studio/testkit/web/screenshots';
import { startKioskAgent, type KioskAgent } from '@studio/testkit/web/simulated-agents';
import { createWeeklySeries, openClasses } from '@studio/testkit/web/weekly-series';
import { DateTime } from 'luxon';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The "create a series and see it on the kiosk", end to end on real processes: the owner
 * makes a weekly series at North in the web app (served by `studio serve`), sets North's kiosk
 * branding, and a real agent running North's kiosk, with a key minted by the CLI, serves the
 * renderer that Chromium shows: today's class of the series, its name and its times in North's
 * zone, under North's logo and accent colour.
 */
const world = useOwnerAtNorth();
const accent = '#c2255c';
/** The accent as the browser computes a CSS colour. */
const accentRgb = 'rgb(194, 37, 92)';

let zone = '';
let kioskKey = '';
let settingsDir = '';
let agent: KioskAgent | null = null;
let kiosk: KioskPage | null = null;

const browser = (): Browser => world.desk.context.browser()!;

beforeAll(async () => {
  const { stack } = world;
  const north = stack.seed.locations.north;
  await addClassService(stack.databaseUrl, stack.seed.companyId, north);
  kioskKey = await stack.mintDeviceKey('north-kiosk', 'kiosk', north);
  const locations = (await (await fetch(`${stack.apiUrl}/locations`, { headers: { authorization: `Bearer ${kioskKey}` } })).json()) as { data: { id: string; timezone: string }[] };
  zone = locations.data.find((location) => location.id === north)!.timezone;
  settingsDir = await mkdtemp(join(tmpdir(), 'series-on-kiosk-'));
});

afterAll(async () => {
  await kiosk?.close();
  await agent?.stop();
  if (settingsDir) await rm(settingsDir, { recursive: true, force: true });
});

/** The browser's own clock runs hours away from North's zone, so only North's zone can give the times the kiosk must show. */
function zoneAwayFrom(locationZone: string): string {
  const offset = (name: string) => DateTime.now().setZone(name).offset;
  return ['Asia/Tokyo', 'America/Los_Angeles'].find((name) => Math.abs(offset(name) - offset(locationZone)) >= 5 * 60)!;
}

/** North's kiosk branding, set as a studio without the web app's setup screens would: `studio-server locations settings --file`. */
async function setNorthBranding(branding: { logo: string; accent_colour: string }): Promise<void> {
  const { cli, seed } = world.stack;
  const printed = await cli(['locations', 'settings', 'north', '--company', seed.companyId]);
  expect(printed.code, printed.stderr).toBe(0);
  const settings = JSON.parse(printed.stdout) as { branding: object };
  const file = join(settingsDir, 'north-settings.json');
  await writeFile(file, JSON.stringify({ ...settings, branding: { ...settings.branding, ...branding } }));
  const replaced = await cli(['locations', 'settings', 'north', '--company', seed.companyId, '--file', file]);
  expect(replaced.code, replaced.stderr).toBe(0);
  expect((JSON.parse(replaced.stdout) as { branding: object }).branding).toEqual({ ...branding, language: 'en' });
}

/** The class of the series starting at `start` at North, as the server lists it to the kiosk's key. */
async function serverClassAt(start: DateTime): Promise<{ id: string; start: string; end: string }> {
  const { apiUrl, seed } = world.stack;
  const response = await fetch(`${apiUrl}/classes?location_id=${seed.locations.north}`, { headers: { authorization: `Bearer ${kioskKey}` } });
  expect(response.status).toBe(200);
  const listed = ((await response.json()) as { data: { id: string; start: string; end: string; service_name: string }[] }).data;
  const found = listed.find((item) => item.service_name === 'Spin' && DateTime.fromISO(item.start).toMillis() === start.toMillis());
  expect(found, `no Spin class at ${start.toISO()} in ${JSON.stringify(listed)}`).toBeDefined();
  return found!;
}

describe('a series made in the web app, on the kiosk', () => {
  it('shows today’s class of a new weekly series on the location’s kiosk, with its name and times in the location’s zone, in its branding', async () => {
    const desk = world.desk;
    // Half an hour from now in North's zone (seeded near its noon): today's class is still to come,
    // within the kiosk's three-hour horizon, on the same local day.
    const first = DateTime.now().setZone(zone).plus({ minutes: 30 }).startOf('minute');
    await openClasses(desk);
    await createWeeklySeries(desk, { className: 'Spin', instructor: 'Ivy Instructor', first, capacity: 12, last: first.plus({ weeks: 2 }) });
    await desk.page.getByRole('table', { name: 'Weekly series' }).getByText('Spin').waitFor();
    const todays = await serverClassAt(first);

    const logo = await drawLogo(browser());
    await setNorthBranding({ logo, accent_colour: accent });

    agent = await startKioskAgent({ apiUrl: world.stack.apiUrl, apiKey: kioskKey, locationId: world.stack.seed.locations.north });
    kiosk = await KioskPage.open(browser(), agent.kioskUrl, {}, zoneAwayFrom(zone));
    await kiosk.onScreen('timetable');

    const tile = kiosk.classCardById(todays.id);
    await tile.waitFor();
    expect(await kiosk.page.locator('.class-card').count()).toBe(1);
    expect(await tile.locator('.class-name').textContent()).toBe('Spin');
    const end = DateTime.fromISO(todays.end, { zone });
    expect(end.diff(first, 'minutes').minutes).toBe(45);
    expect(await tile.locator('.class-time').textContent()).toBe(`${first.toFormat('HH:mm')}–${end.toFormat('HH:mm')}`);
    expect(await tile.textContent()).toContain('with Ivy');
    expect(await tile.textContent()).toContain('12 spots left');

    const topBar = kiosk.page.locator('.top-bar');
    expect(await topBar.locator('.place').textContent()).toBe('North');
    const shownLogo = topBar.locator('img.logo');
    expect(await shownLogo.isVisible()).toBe(true);
    expect(await shownLogo.getAttribute('src')).toBe(logo);
    // What the browser made of them: the PNG decoded (a broken image has no natural width), the accent on the bar and the tile.
    const painted = (await kiosk.page.evaluate(`(() => {
      const logo = document.querySelector('.top-bar img.logo');
      const tile = document.querySelector('.class-card[data-class-id="${todays.id}"]');
      return { logoDecoded: logo.complete && logo.naturalWidth > 0, bar: getComputedStyle(document.querySelector('.top-bar')).backgroundColor, tileEdge: getComputedStyle(tile).borderLeftColor };
    })()`)) as { logoDecoded: boolean; bar: string; tileEdge: string };
    expect(painted).toEqual({ logoDecoded: true, bar: accentRgb, tileEdge: accentRgb });

    await mkdir(webScreenshotDir, { recursive: true });
    for (const screen of [
      { width: 1920, height: 1080 },
      { width: 1080, height: 1920 },
    ]) {
      await kiosk.page.setViewportSize(screen);
      await kiosk.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      await kiosk.page.screenshot({ path: join(webScreenshotDir, `kiosk-series-${screen.width}x${screen.height}.png`), animations: 'disabled' });
      expect(await kiosk.seriousAccessibilityViolations()).toEqual([]);
    }
    expect(kiosk.cspViolations).toEqual([]);
    expect(kiosk.consoleErrors).toEqual([]);
  });
});
