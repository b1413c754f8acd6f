import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStudio } from '@studio/testkit/server/processes';
import { afterAll, describe, expect, it } from 'vitest';

const setupPattern = /Open (http:\/\/127\.0\.0\.1:\d+\/app\/setup#([A-Za-z0-9_-]{43})) to create the owner account/;
/** The banner comes after the demo is seeded: seconds on a loaded machine. */
const banner = { timeout: 30_000 };

describe('the one-box banner and the staff web app', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-web-banner-'));
  const databaseUrl = join(dir, 'data', 'studio.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the web app and, while the business has no owner, a setup link: only the newest works, and none once an owner exists', async () => {
    const env = { STUDIO_AGENT: 'off' };
    const startedWithLink = async () => {
      const studio = await startStudio('start', databaseUrl, 'warn', { env });
      await expect.poll(() => setupPattern.test(studio.output()), banner).toBe(true);
      return { studio, origin: studio.base.replace(/\/v1$/, ''), token: setupPattern.exec(studio.output())![2]! };
    };
    const setup = (origin: string, token: string, email: string) =>
      fetch(`${origin}/app/api/setup`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ token, email, display_name: 'Owner', password: 'a long owner passphrase' }),
      });
    // The first start's link stays in the journal; the second start prints a new one, which ends it (issue 30, N1).
    const first = await startedWithLink();
    await first.studio.stop();
    const second = await startedWithLink();
    try {
      expect(second.token).not.toBe(first.token);
      expect(second.studio.output()).toContain(`Web app (staff): ${second.origin}/app/`);
      const stale = await setup(second.origin, first.token, 'earlier@harbour.example');
      expect(stale.status).toBe(401);
      const created = await setup(second.origin, second.token, 'owner@harbour.example');
      expect(created.status).toBe(201);
      expect(created.headers.get('set-cookie')).toMatch(/^studio_session=/);
    } finally {
      await second.studio.stop();
    }
    const third = await startStudio('start', databaseUrl, 'warn', { env });
    try {
      await expect.poll(() => third.output().includes('Web app (staff):'), banner).toBe(true);
      expect(third.output()).not.toContain('/app/setup#');
    } finally {
      await third.stop();
    }
  }, 180_000);
});
