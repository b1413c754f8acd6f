import { memberPassKey, passPayload, passStep } from '@studio/shared/pass';
import { requireBuiltMemberApp } from '@studio/testkit/member/member-app-build';
import { MemberPhone } from '@studio/testkit/member/member-phone';
import { signInCodeFor, startMemberMailbox, type MemberMailbox } from '@studio/testkit/member/sign-in-code';
import { startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { launchStaffBrowser } from '@studio/testkit/web/staff-page';
import { startSeededStudio, type SeededStudio } from '@studio/testkit/web/web-stack';
import { startWedgeTurnstileAgent, type WedgeTurnstileAgent } from '@studio/testkit/web/wedge-turnstile';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readShownQr } from './read-qr.js';

/** Nora holds an active membership at North (testkit/src/web/seed-business.ts). */
const nora = 'nora@example.com';

let studio: SeededStudio;
/** The server started again on the same port and database, after the door worked without it. */
let restarted: StudioProcess | null = null;
let mailbox: MemberMailbox;
let browser: Browser;
let phone: MemberPhone;
let door: WedgeTurnstileAgent;
/** How far the door agent's clock runs ahead of the machine's: moved by the test, never slept. */
let doorAheadMs = 0;

/** The pass key the app keeps on the phone, as the app stored it. */
async function keptKey(): Promise<{ contact_id: string; key: Uint8Array }> {
  const kept = JSON.parse((await phone.page.evaluate<string | null>("localStorage.getItem('studio.pass')")) ?? 'null') as { contact_id: string; member_key: string };
  return { contact_id: kept.contact_id, key: new Uint8Array(Buffer.from(kept.member_key, 'base64url')) };
}

beforeAll(async () => {
  requireBuiltMemberApp();
  mailbox = await startMemberMailbox();
  [studio, browser] = await Promise.all([startSeededStudio({ env: mailbox.env }), launchStaffBrowser()]);
  phone = await MemberPhone.open(browser, studio.origin);
});

afterAll(async () => {
  await door?.stop();
  await phone?.close();
  await browser?.close();
  await restarted?.stop();
  await studio?.close();
  await mailbox?.smtp.close();
});

describe("the phone pass, from the members' app to the turnstile", () => {
  let shown: string;

  it('shows the signed-in member a QR code that changes every 30 seconds, also with no signal', async () => {
    await phone.goto('/m/?location=north');
    await phone.field('Email').fill(nora);
    await phone.button('Email me a code').click();
    const { code } = await signInCodeFor(mailbox, nora);
    await phone.field('6-digit code').fill(code);
    await phone.button('Sign in').click();
    await phone.heading('Hello Nora').waitFor();
    await phone.page.getByRole('link', { name: 'Pass' }).click();
    await phone.heading("Nora's pass").waitFor();
    const qr = phone.page.getByRole('img', { name: 'Your pass code for the door scanner' });
    await qr.waitFor();
    await phone.page.getByText(/^New code in \d+ seconds?$/).waitFor();
    await phone.check('pass');
    expect(await readShownQr(qr)).toMatch(/^GK1:[0-9A-F-]{36}:[A-Z2-7]{16}$/);

    // No signal: the app shell from the service worker, the key from the phone.
    await expect.poll(() => phone.page.evaluate<boolean>('navigator.serviceWorker.controller !== null'), { timeout: 15_000 }).toBe(true);
    await phone.context.setOffline(true);
    await phone.page.reload();
    await qr.waitFor();
    await phone.page.getByText('No connection: your pass still works.').waitFor();
    await phone.check('pass-offline');
    shown = await readShownQr(qr);
    expect(shown).toMatch(/^GK1:/);
    expect(phone.pageErrors).toEqual([]);
    expect(phone.accessibility).toEqual([]);
  });

  it('opens the turnstile with the server stopped: the code typed by the scanner, checked by the agent alone', async () => {
    const north = studio.seed.locations.north;
    const key = await studio.mintDeviceKey('north-turnstile', 'turnstile', north);
    door = await startWedgeTurnstileAgent({ apiUrl: studio.apiUrl, apiKey: key, locationId: north }, { now: () => new Date(Date.now() + doorAheadMs) });
    await door.agent.syncFeedNow();
    await studio.server.stop();

    expect(await door.scan(shown)).toMatchObject({ granted: true, offline: true, firstName: 'Nora' });
    expect(door.relay.pulses).toHaveLength(1);
    // The same code again, before or after the turnstile turned: the replay rule.
    expect(await door.scan(shown)).toMatchObject({ granted: false, reason: 'used' });
    // A code of four steps (two minutes) ago, made from the key the phone keeps: too old.
    const kept = await keptKey();
    const old = await passPayload(kept.key, kept.contact_id, passStep(Date.now()) - 4);
    expect(await door.scan(old)).toMatchObject({ granted: false, reason: 'bad_code' });
    expect(door.relay.pulses).toHaveLength(1);
    expect(door.logs()).not.toContain(shown.split(':')[2]);
  });

  it("refuses the old pass once the location's key is rotated and the roll-over has passed at the door", async () => {
    const before = await keptKey();
    const port = Number(new URL(studio.origin).port);
    restarted = await startStudio('serve', studio.databaseUrl, 'warn', { port, env: mailbox.env });
    const rotated = await studio.cli(['passes', 'rotate', '--location', studio.seed.locations.north]);
    expect(rotated.code).toBe(0);
    await door.agent.syncFeedNow();
    // The door's clock past the minute the key before stays live.
    doorAheadMs = 61_000;
    const step = passStep(Date.now() + doorAheadMs);
    expect(await door.scan(await passPayload(before.key, before.contact_id, step))).toMatchObject({ granted: false, reason: 'bad_code' });

    // The phone, back online, fetches its new key; its codes open again.
    await phone.context.setOffline(false);
    await phone.page.reload();
    await phone.heading("Nora's pass").waitFor();
    await expect.poll(async () => (await keptKey()).key.join()).not.toBe(before.key.join());
    const after = await keptKey();
    expect(await door.scan(await passPayload(after.key, after.contact_id, step))).toMatchObject({ granted: true, firstName: 'Nora' });
    expect(door.relay.pulses).toHaveLength(2);
    expect(after.key).not.toEqual(await memberPassKey(before.key, after.contact_id));
  });
});
