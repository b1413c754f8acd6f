import { createServer } from 'node:http';
import { existsSync, rmSync } from 'node:fs';
import { seriousViolations } from '@studio/testkit/browser/accessibility';
import { startCrossOriginPage } from '@studio/testkit/web/cross-origin-page';
import { screenshotBothSizes, screenshotFile, staffViewports } from '@studio/testkit/web/screenshots';
import { webSeed } from '@studio/testkit/web/seed-business';
import { startTurnstileAgent } from '@studio/testkit/web/simulated-agents';
import { launchStaffBrowser } from '@studio/testkit/web/staff-page';
import { startSeededStudio, type SeededStudio } from '@studio/testkit/web/web-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web tests' own rig, proven without the web app: the seeded `serve` and the simulated
 * turnstile agent (so a browser test failing at the door points at the app, not the rig), the
 * attacker's page really posting (so "nothing changed" in the CSRF test is not vacuous), and the
 * axe and screenshot helpers.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchStaffBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the seeded studio and the simulated turnstile', () => {
  let studio: SeededStudio;

  beforeAll(async () => {
    studio = await startSeededStudio();
  });

  afterAll(async () => {
    await studio?.close();
  });

  it('admits an active member through the real server and pulses the relay; refuses past due and unknown cards', async () => {
    const { north } = studio.seed.locations;
    const turnstile = await startTurnstileAgent({ apiUrl: studio.apiUrl, apiKey: await studio.mintDeviceKey('north-turnstile', 'turnstile', north), locationId: north });
    try {
      expect(await turnstile.scan(webSeed.northMember.card)).toMatchObject({ granted: true, offline: false });
      expect(turnstile.relay.pulses).toEqual([200]);
      expect(await turnstile.scan(webSeed.pastDue.card)).toMatchObject({ granted: false, reason: 'past_due', offline: false });
      expect(await turnstile.scan(webSeed.unknownCard)).toMatchObject({ granted: false, offline: false });
      // South's member: her plan admits to South only, and North's key does not reach her (an unknown card to it).
      expect(await turnstile.scan(webSeed.southMember.card)).toMatchObject({ granted: false, offline: false });
      expect(turnstile.relay.pulses).toEqual([200]);
      for (const card of [webSeed.northMember.card, webSeed.pastDue.card, webSeed.unknownCard]) expect(turnstile.logs()).not.toContain(card);
    } finally {
      await turnstile.stop();
    }
  });
});

describe("the attacker's page", () => {
  it('delivers its form post and its no-cors fetch, with the fields, to another origin', async () => {
    const received: { contentType: string; body: string; origin: string }[] = [];
    const target = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ contentType: request.headers['content-type'] ?? '', body, origin: request.headers.origin ?? '' });
        response.writeHead(403).end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as { port: number }).port}/app/api/v1/contacts`;
    const attacker = await startCrossOriginPage([{ url: targetUrl, fields: { first_name: 'Mallory' } }]);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      for (const kind of ['form', 'fetch']) {
        await page.goto(`${attacker.origin}/${kind}/0`);
        await page.locator('#done').waitFor();
      }
      expect(received).toEqual([
        { contentType: 'application/x-www-form-urlencoded', body: 'first_name=Mallory', origin: attacker.origin },
        { contentType: 'text/plain', body: '{"first_name":"Mallory"}', origin: attacker.origin },
      ]);
    } finally {
      await context.close();
      await attacker.close();
      target.close();
    }
  });
});

describe('the page checks', () => {
  it('lists serious axe findings readably, and none on a clean page', async () => {
    const context = await browser.newContext({ viewport: staffViewports.desktop });
    try {
      const page = await context.newPage();
      await page.setContent(
        '<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><h1>Bad</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>',
      );
      const lines = await seriousViolations(page);
      expect(lines.some((line) => line.startsWith('critical image-alt: ') && line.includes(' at img'))).toBe(true);
      expect(lines.some((line) => line.includes(' label: ') && line.includes(' at input'))).toBe(true);
      await page.setContent('<!doctype html><html lang="en"><head><title>Good</title></head><body><main><h1>Good</h1><label>Name <input type="text"></label></main></body></html>');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('saves a page at 1440 x 900 and 1024 x 768, and gives the page its size back', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const files = Object.values(staffViewports).map((viewport) => screenshotFile('harness-check', viewport));
    try {
      for (const file of files) rmSync(file, { force: true });
      const page = await context.newPage();
      await page.setContent('<!doctype html><title>Sizes</title><h1>Sizes</h1>');
      const seen: number[] = [];
      await screenshotBothSizes(page, 'harness-check', async (viewport) => {
        seen.push(await page.evaluate<number>('window.innerWidth'));
        expect(viewport.width).toBe(seen.at(-1));
      });
      expect(seen).toEqual([1440, 1024]);
      expect(files.every((file) => existsSync(file))).toBe(true);
      expect(files.map((file) => file.split('/').slice(-3).join('/'))).toEqual(['test-artifacts/web/harness-check-1440x900.png', 'test-artifacts/web/harness-check-1024x768.png']);
      expect(page.viewportSize()).toEqual({ width: 800, height: 600 });
    } finally {
      for (const file of files) rmSync(file, { force: true });
      await context.close();
    }
  });
});
