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

  it('names the web app, and while the business has no owner a setup link that creates one; once it has, no link', async () => {
    const env = { STUDIO_AGENT: 'off' };
    const first = await startStudio('start', databaseUrl, 'warn', { env });
    const origin = first.base.replace(/\/v1$/, '');
    try {
      await expect.poll(() => setupPattern.test(first.output()), banner).toBe(true);
      expect(first.output()).toContain(`Web app (staff): ${origin}/app/`);
      const token = setupPattern.exec(first.output())![2]!;
      const created = await fetch(`${origin}/app/api/setup`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ token, email: 'owner@harbour.example', display_name: 'Owner', password: 'a long owner passphrase' }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('set-cookie')).toMatch(/^studio_session=/);
    } finally {
      await first.stop();
    }
    const second = await startStudio('start', databaseUrl, 'warn', { env });
    try {
      await expect.poll(() => second.output().includes('Web app (staff):'), banner).toBe(true);
      expect(second.output()).not.toContain('/app/setup#');
    } finally {
      await second.stop();
    }
  }, 120_000);
});
