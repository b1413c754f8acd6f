import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { toIso } from '../../src/clock/time.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';

describe.each(dialects)('the server prunes old sign-in attempts from a timer (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  afterEach(() => vi.useRealTimers());

  it('deletes attempts older than a day every hour, keeps the recent ones, and stops with the app', async () => {
    const clock = handClock();
    const { companyId } = await twoLocationStudio(suite.db);
    const attempt = (ageMs: number) => ({ id: randomUUID(), company_id: companyId, email: 'dee@alder.example', address: '192.0.2.1', outcome: 'failed' as const, at: toIso(clock.now() - ageMs) });
    const old = attempt(25 * 3_600_000);
    const recent = attempt(60_000);
    await suite.db.run(suite.db.qb.insertInto('staff_login_attempts').values([old, recent]));
    // Only the timers are faked: the database's own I/O runs as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await buildApp({ db: suite.db, staffAuth: testSettings(clock.now), webAppDir: '/nonexistent' });
    const ids = async () => (await suite.db.all(suite.db.qb.selectFrom('staff_login_attempts').select('id').where('company_id', '=', companyId))).map((row) => row.id).sort();
    try {
      vi.advanceTimersByTime(3_599_000);
      expect(await ids()).toEqual([old.id, recent.id].sort());
      vi.advanceTimersByTime(1_000);
      await expect.poll(ids).toEqual([recent.id]);
    } finally {
      await app.close();
    }
    expect(vi.getTimerCount()).toBe(0);
  });
});
