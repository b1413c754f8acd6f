import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startStudio } from '@studio/testkit/server/processes';
import { afterAll, describe, expect, it } from 'vitest';

const keyPattern = /API key \(all scopes, all locations\): (\S+)/;
const kioskPattern = /Class check-in kiosk: (http:\/\/127\.0\.0\.1:\d+\/kiosk\/)/;
/** The agent's local API on a free port, never the default 8787 another run may hold. */
const agentEnv = async () => ({ STUDIO_AGENT_PORT: String(await freePort()) });
/** The banner comes after the demo's bookings and the agent's start: seconds on a loaded machine, not expect.poll's default second. */
const banner = { timeout: 30_000 };

describe('the one-box product (npm start)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-one-box-'));
  const databaseUrl = join(dir, 'data', 'studio.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts on SQLite with demo data, prints a key that pings, and stops cleanly', async () => {
    // At debug: the request lines are debug (a terminal never shows them; see server/test/logging).
    const studio = await startStudio('start', databaseUrl, 'debug', { env: await agentEnv() });
    try {
      await expect.poll(() => keyPattern.test(studio.output()), banner).toBe(true);
      const key = keyPattern.exec(studio.output())![1]!;
      expect(studio.output()).toContain('Demo business "Harbour Fitness & Spa" loaded.');
      expect(studio.output()).toContain(`curl -H "Authorization: Bearer ${key}" ${studio.base}/ping`);
      const ping = await fetch(`${studio.base}/ping`, { headers: { authorization: `Bearer ${key}` } });
      expect(ping.status).toBe(200);
      const identity = (await ping.json()) as { environment: string; location_ids: string[]; scopes: string[] };
      expect(identity.environment).toBe('live');
      expect(identity.location_ids.length).toBeGreaterThanOrEqual(2);
      const contacts = await fetch(`${studio.base}/contacts`, { headers: { authorization: `Bearer ${key}` } });
      expect(((await contacts.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
      // The request log is structured and never holds the key. It reaches the pipe after the
      // answer does, so wait for it rather than race it on a loaded machine.
      const jsonLines = () =>
        studio
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'));
      await expect.poll(() => jsonLines().some((line) => line.includes('"route":"/v1/ping"')), banner).toBe(true);
      const logLines = jsonLines();
      expect(logLines.filter((line) => line.includes(key.split('_').pop()!))).toEqual([]);
      expect(statSync(join(dir, 'data', 'demo-key')).mode & 0o777).toBe(0o600);
      // The demo's ./data keeps itself out of git, database, keys and all.
      expect(readFileSync(join(dir, 'data', '.gitignore'), 'utf8')).toMatch(/^\*$/m);

      // The kiosk: served by the agent, with classes now and in the next hours, members booked (a past-due one among them).
      await expect.poll(() => kioskPattern.test(studio.output()), banner).toBe(true);
      const kiosk = kioskPattern.exec(studio.output())![1]!;
      const page = await fetch(kiosk);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toContain('<script type="module" src="app.js"></script>');
      const timetable = (await (await fetch(`${kiosk}api/classes`)).json()) as { offline: boolean; data: { id: string; booked: number; start: string }[] };
      expect(timetable.offline).toBe(false);
      // Whatever the hour: the timetable's own classes may run beside the demo's, unbooked, and may
      // come first; the demo's booked ones are there too (every hour of a week: setup/demo-day.test.ts).
      const nextHours = timetable.data.filter((c) => Date.parse(c.start) - Date.now() < 3 * 3_600_000 && c.booked > 0);
      expect(nextHours.length).toBeGreaterThanOrEqual(2);
      const rosters = await Promise.all(
        nextHours.map(async (c) => ((await (await fetch(`${kiosk}api/class?id=${c.id}`)).json()) as { roster: { display_name: string }[] }).roster.map((a) => a.display_name)),
      );
      expect(rosters.some((names) => names.includes('Emma J.') && names.includes('Noah G.'))).toBe(true);
      expect(statSync(join(dir, 'data', 'agent-key')).mode & 0o777).toBe(0o600);
    } finally {
      expect(await studio.stop()).toBe(0);
    }
  });

  it('without a built kiosk renderer, says which command builds it, in the banner and on the page', async () => {
    const unbuilt = join(dir, 'no-renderer');
    const studio = await startStudio('start', databaseUrl, 'warn', { env: { ...(await agentEnv()), STUDIO_KIOSK_DIR: unbuilt } });
    try {
      const notBuilt = /Class check-in kiosk: (http:\/\/127\.0\.0\.1:\d+\/kiosk\/) has no renderer yet: run `npm run build` at the repository root/;
      await expect.poll(() => notBuilt.test(studio.output()), banner).toBe(true);
      const page = await fetch(notBuilt.exec(studio.output())![1]!);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain(`${join(unbuilt, 'index.html')} is missing. To serve it, build it with \`npm run build\``);
      // The API does not depend on the kiosk.
      const key = readFileSync(join(dir, 'data', 'demo-key'), 'utf8').trim();
      expect((await fetch(`${studio.base}/ping`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    } finally {
      expect(await studio.stop()).toBe(0);
    }
  });

  it('restarts on the same data without printing the key again: the curl line reads it from its file, and works', async () => {
    const again = await startStudio('start', databaseUrl, 'warn', { env: await agentEnv() });
    const curl = /curl -H "Authorization: Bearer \$\(cat (\S+)\)" (\S+)\/ping/;
    await expect.poll(() => curl.test(again.output()), banner).toBe(true);
    expect(again.output()).toContain('Business: "Harbour Fitness & Spa" (the demo).');
    expect(again.output()).not.toMatch(/_sk_live_/);
    const [, keyFile, base] = curl.exec(again.output())!;
    expect(base).toBe(again.base);
    const key = readFileSync(resolve(keyFile!), 'utf8').trim();
    expect((await fetch(`${again.base}/ping`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(await again.stop()).toBe(0);
  });
});
