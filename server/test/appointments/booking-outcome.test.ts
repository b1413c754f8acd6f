import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { beforeAll, describe, expect, it } from 'vitest';
import { setBookingOutcome } from '../../src/modules/appointments/booking-outcome.js';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { insertDemoBooking } from '../helpers/demo-bookings.js';
import { systemActor } from '../../src/domain/actor.js';

describe.each(dialects)('booking outcomes on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const now = '2026-03-10T12:00:00.000Z';
  beforeAll(async () => {
    await seedDemo(suite.db);
  });

  const mark = (id: string, status: string, at = now) => setBookingOutcome(suite.db, systemActor(demoCompanyId, 'test'), id, status, at);

  it('marks a started booking, corrects it, and changes nothing when it already has that status', async () => {
    const id = await insertDemoBooking(suite.db, '2026-03-10T11:00:00.000Z', 'booked');
    expect(await mark(id, 'no_show')).toEqual({ id, status: 'no_show', updated_at: now });
    expect(await mark(id, 'completed', '2026-03-10T13:00:00.000Z')).toEqual({ id, status: 'completed', updated_at: '2026-03-10T13:00:00.000Z' });
    expect(await mark(id, 'completed', '2026-03-10T14:00:00.000Z')).toEqual({ id, status: 'completed', updated_at: '2026-03-10T13:00:00.000Z' });
  });

  it('refuses booked and cancelled as outcomes, a booking not started yet, and a cancelled booking', async () => {
    const id = await insertDemoBooking(suite.db, '2026-03-10T11:00:00.000Z', 'booked');
    await expect(mark(id, 'booked')).rejects.toMatchObject({ code: 'invalid_param', param: 'status' });
    await expect(mark(id, 'cancelled')).rejects.toMatchObject({ code: 'invalid_param', message: expect.stringContaining('cancelling it') });
    const later = await insertDemoBooking(suite.db, '2026-03-10T15:00:00.000Z', 'booked');
    await expect(mark(later, 'completed')).rejects.toMatchObject({ code: 'booking_rule' });
    const cancelled = await insertDemoBooking(suite.db, '2026-03-09T15:00:00.000Z', 'cancelled');
    await expect(mark(cancelled, 'completed')).rejects.toMatchObject({ code: 'booking_not_active' });
    const status = await suite.db.first(suite.db.qb.selectFrom('bookings').select('status').where('id', '=', cancelled));
    expect(status).toEqual({ status: 'cancelled' });
  });
});
