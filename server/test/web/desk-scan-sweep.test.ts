import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { deviceActor } from '@studio/testkit/server/device-actor';
import { recordDeskScan } from '../../src/modules/desk-scans/service.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';

describe.each(dialects)("the server clears desk scans' numbers from a timer (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  afterEach(() => vi.useRealTimers());

  it("clears a read's number ten minutes after it on the app's clock, keeps a newer one, and stops with the app", async () => {
    const clock = handClock();
    const studio = await twoLocationStudio(suite.db);
    const read = async (ageMs: number, identifier: string) => {
      const answer = await recordDeskScan(
        suite.db,
        deviceActor(studio.companyId, studio.north, 'front', 'desk_reader'),
        { location_id: studio.north, device_id: 'front:desk', identifier },
        () => clock.now() - ageMs,
      );
      if (answer.status !== 201) throw new Error('expected an unknown card');
      return answer.body.scan.id;
    };
    const old = await read(11 * 60_000, '04EE00000000C1');
    const recent = await read(60_000, '04EE00000000C2');
    // Only the timers are faked: the database's own I/O runs as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await buildApp({ db: suite.db, staffAuth: testSettings(clock.now), webAppDir: '/nonexistent' });
    const kept = async () =>
      (await suite.db.all(suite.db.qb.selectFrom('desk_scans').select('id').where('company_id', '=', studio.companyId).where('value', 'is not', null))).map((row) => row.id).sort();
    try {
      expect(await kept()).toEqual([old, recent].sort());
      vi.advanceTimersByTime(60_000);
      // On any other clock (the system's) the newer read would be cleared too, or the older kept.
      await expect.poll(kept).toEqual([recent]);
    } finally {
      await app.close();
    }
    expect(vi.getTimerCount()).toBe(0);
  });
});
