import { startClockedWebStack, type ClockedWebStack } from '@studio/testkit/web/clocked-web-stack';
import { webSeed } from '@studio/testkit/web/seed-business';
import { startDeskAgent, startTurnstileAgent, type DeskAgent, type TurnstileAgent } from '@studio/testkit/web/simulated-agents';
import { labelled, launchStaffBrowser, StaffPage, answerForEachTest } from '@studio/testkit/web/staff-page';
import type { Browser } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Devices page against the real server (its `buildApp`, in this process on a clock the test moves
 * on), the built web app in Debian's Chromium, and the two simulated agents of North's front door
 * reporting through POST /v1/devices/heartbeat with keys minted by the CLI.
 */
let stack: ClockedWebStack;
let browser: Browser;
let page: StaffPage;
let desk: DeskAgent;
let turnstile: TurnstileAgent;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startClockedWebStack(), launchStaffBrowser()]);
  const north = stack.seed.locations.north;
  const [deskKey, gateKey] = await Promise.all([stack.mintDeviceKey('north-desk', 'desk_reader', north), stack.mintDeviceKey('north-turnstile', 'turnstile', north)]);
  desk = await startDeskAgent({ apiUrl: stack.apiUrl, apiKey: deskKey, locationId: north });
  turnstile = await startTurnstileAgent({ apiUrl: stack.apiUrl, apiKey: gateKey, locationId: north });
  page = await StaffPage.open(browser, stack.origin);
  await page.completeOwnerSetup(stack.setupLink, webSeed.owner);
  await page.choose('Location', 'North');
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await Promise.allSettled([desk?.stop(), turnstile?.stop()]);
  await stack?.close();
});

answerForEachTest(() => page);

const devicesTable = () => page.page.getByRole('table', { name: 'Devices' });
const rowOf = (deviceId: string) => devicesTable().locator(`tr[data-device="${deviceId}"]`);
/** Each cell's text, with the no-break spaces that keep "24 h" and "11 min ago" whole read as spaces. */
const cellsOf = async (row: ReturnType<typeof rowOf>) => (await row.getByRole('cell').allTextContents()).map((text) => text.replaceAll('\u00a0', ' ').trim());
const cells = (deviceId: string) => cellsOf(rowOf(deviceId));

describe('the Devices page', () => {
  it("shows North's desk and turnstile agents online, with their health, backlog and cache age", async () => {
    await Promise.all([desk.agent.heartbeatNow(), turnstile.agent.heartbeatNow()]);
    await page.open('Devices');
    await rowOf('north-turnstile').waitFor();
    // Today's banner fetched the list at sign-in (before the first feed sync); the page shows that until its own fetch lands.
    await expect.poll(async () => (await cells('north-turnstile'))[5], { timeout: 10_000 }).toMatch(/^\d+ s old \(allowed 24 h\)$/);
    const gate = await cells('north-turnstile');
    expect(gate[0]).toContain('Version 0.1.0');
    expect(gate[1]).toContain('Online');
    expect(gate[2]).toBe('now');
    expect(gate[3]).toContain('Agent ok');
    expect(gate[3]).toContain('Reader turnstile-reader: ok');
    expect(gate[3]).toContain('Relay turnstile-relay: ok');
    expect(gate[4]).toBe('Nothing waiting');
    expect((await cells('north-desk'))[1]).toContain('Online');
    // "now" carries the exact time, in North's zone, on hover.
    const title = await rowOf('north-turnstile').getByRole('cell').nth(2).locator('[title]').getAttribute('title');
    expect(title).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    await page.check('devices');
  });

  it('shows an agent silent for ten minutes as lost, and Today raises a banner for it', async () => {
    await turnstile.stop();
    stack.clock.advance(11 * 60_000);
    await desk.agent.heartbeatNow();
    await page.page.reload();
    await rowOf('north-turnstile').waitFor();
    const gate = await cells('north-turnstile');
    expect(gate[1]).toContain('Lost');
    expect(gate[2]).toBe('11 min ago');
    // Its cache has not synced since: as old as its silence at least.
    expect(gate[5]).toMatch(/^11 min old \(allowed 24 h\)$/);
    expect((await cells('north-desk'))[1]).toContain('Online');
    // What needs a look comes first.
    expect(await devicesTable().locator('tbody tr').first().getAttribute('data-device')).toBe('north-turnstile');
    await page.check('devices-lost');

    await page.open('Today');
    const banner = page.page.getByRole('alert').filter({ hasText: 'north-turnstile has not reported since' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/north-turnstile has not reported since \d{2}:\d{2}.*: check its power and network\. Open Devices/);
    expect(await page.page.getByRole('alert').filter({ hasText: 'north-desk' }).count()).toBe(0);
    await page.check('today-device-lost');
    await banner.getByRole('link', { name: 'Open Devices' }).click();
    await page.heading('Devices').waitFor();
  });

  it('mints a device key for a new gate: the password asked again, the key shown once, and it reports that gate only', async () => {
    await page.open('Devices');
    await page.button('Create device key').click();
    const dialog = page.dialog('Create device key');
    await labelled(dialog, 'Device id').fill('north-side-gate');
    await labelled(dialog, 'Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Create device key' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'password' }).waitFor();
    await labelled(dialog, 'Password').fill(webSeed.owner.password);
    await page.check('device-key-create');
    await dialog.getByRole('button', { name: 'Create device key' }).click();

    const field = labelled(dialog, 'Device key');
    await field.waitFor();
    const secret = await field.inputValue();
    expect(secret).toMatch(/_sk_live_\S+$/);
    await page.check('device-key-secret');
    await dialog.getByRole('checkbox', { name: 'I have stored it' }).check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.page.content()).not.toContain(secret);

    // The agent at that gate reports with it; the same key may not speak for another device.
    const heartbeat = async (deviceId: string) => {
      const response = await request(`${stack.apiUrl}/devices/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          location_id: stack.seed.locations.north,
          device_id: deviceId,
          agent_version: '0.1.0',
          status: 'ok',
          sent_at: new Date(stack.clock.now()).toISOString(),
          devices: [],
          outbox: { pending: 0, rejected: 0, oldest_pending_at: null },
          cache: { synced_at: null, age_s: null, max_age_s: 86_400, stale: true },
          last_scan_at: null,
          kiosk: null,
        }),
      });
      const body = (await response.body.json()) as { error?: { code: string } };
      return { status: response.statusCode, code: body.error?.code };
    };
    expect(await heartbeat('north-side-gate')).toEqual({ status: 200, code: undefined });
    expect(await heartbeat('north-turnstile')).toEqual({ status: 403, code: 'device_only' });
    await page.page.reload();
    await rowOf('north-side-gate').waitFor();
    expect((await cells('north-side-gate'))[1]).toContain('Online');
  });

  it('reads in German for a staff member who chose it, and fits a 1024 px desk screen', async () => {
    await page.open('Account');
    await page.choose('Language', 'Deutsch');
    const nav = page.page.getByRole('navigation', { name: 'Hauptmenü' });
    await nav.getByRole('link', { name: 'Geräte', exact: true }).click();
    await page.heading('Geräte').waitFor();
    const table = page.page.getByRole('table', { name: 'Geräte' });
    await table.locator('tr[data-device="north-turnstile"]').waitFor();
    const gate = await cellsOf(table.locator('tr[data-device="north-turnstile"]'));
    expect(gate[1]).toContain('Verloren');
    expect(gate[2]).toMatch(/^vor \d+ Min\.$/);
    expect(gate[4]).toBe('Nichts ausstehend');
    expect(gate[5]).toMatch(/^\d+ Min\. alt \(erlaubt: 24 Std\.\)$/);
    await expect(page.page.getByRole('columnheader', { name: 'Letzter Kontakt' }).isVisible()).resolves.toBe(true);
    await page.check('devices-de');

    await page.page.getByRole('button', { name: 'Geräteschlüssel erstellen' }).click();
    const dialog = page.dialog('Geräteschlüssel erstellen');
    await labelled(dialog, 'Geräte-ID').waitFor();
    await page.check('device-key-create-de');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Today's banner for the lost gate, with its device id whole.
    await nav.getByRole('link', { name: 'Heute', exact: true }).click();
    const banner = page.page.getByRole('alert').filter({ hasText: 'north-turnstile meldet sich seit' });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/north-turnstile meldet sich seit \d{2}:\d{2}.*nicht: Bitte prüfen Sie Stromversorgung und Netzwerk\. Geräte öffnen/);
    await page.check('today-device-lost-de');
  });
});
