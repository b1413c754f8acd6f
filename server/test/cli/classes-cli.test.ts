import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { demo } from '../helpers/demo-bookings.js';

const spin = 'c883dd63-625c-5dae-88dc-6e1b0c1123db';
const diego = '14ba0edc-3ba0-56a8-9c66-f3f02056b61e';
const [emma, liam] = ['0671b535-f5a3-5709-9b25-f710e90958d2', '34fb800c-adc8-5e62-a303-2ad77b070880'];

/** The class setup commands, each run as a real process: capacity, instructor, waitlist, cancelling and restoring. */
describe.each(dialects)('the classes CLI on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const classId = randomUUID();
  beforeAll(async () => {
    await seedDemo(suite.db);
    const start = Date.now() + 5 * 86_400_000;
    await suite.db.run(
      suite.db.qb.insertInto('classes').values({
        id: classId,
        company_id: demoCompanyId,
        location_id: demo.brooklyn,
        service_id: spin,
        staff_id: null,
        room_id: null,
        series_id: null,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + 3600_000).toISOString(),
        capacity: 1,
        status: 'scheduled',
        created_at: new Date().toISOString(),
      }),
    );
    await suite.db.run(
      suite.db.qb.insertInto('class_attendees').values({
        id: randomUUID(),
        company_id: demoCompanyId,
        class_id: classId,
        contact_id: emma,
        status: 'reserved',
        paid_by: 'none',
        membership_id: null,
        source: 'staff',
        excused: 0,
        visit_id: null,
        guest_of_contact_id: null,
        booked_at: new Date().toISOString(),
        checked_in_at: null,
        cancelled_at: null,
        updated_at: new Date().toISOString(),
      }),
    );
  });

  const studio = (...args: string[]) => runStudio(suite.url, ['classes', ...args]);
  const printed = async (...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.stderr).toBe('');
    return JSON.parse(outcome.stdout);
  };

  it('queues a contact, gives them the spot a capacity rise frees, sets the instructor, refuses to drop below the booked, cancels and restores', async () => {
    expect(await printed('waitlist-add', classId, liam)).toMatchObject({ position: 1, promoted: false });
    expect(await printed('update', classId, '--capacity', '2', '--instructor', diego)).toMatchObject({ capacity: 2, booked: 2, waiting: 0, technician_id: diego, technician_name: 'Diego Alvarez' });
    const lowered = await studio('update', classId, '--capacity', '1');
    expect(lowered.code).toBe(1);
    expect(lowered.stderr).toBe('studio: 2 spots are booked; cancel spots before lowering the capacity to 1.\n');
    expect((await studio('update', classId, '--capacity', 'zero')).stderr).toContain('expected a whole number of at least 1');
    expect(await printed('cancel', classId)).toMatchObject({ status: 'cancelled', released: 2, booked: 0 });
    const restored = await printed('restore', classId);
    expect(restored).toMatchObject({ status: 'scheduled', booked: 2, already_scheduled: false });
    expect(restored.restored.map((spot: { contact_id: string }) => spot.contact_id).sort()).toEqual([emma, liam].sort());
    expect((await studio('cancel', randomUUID())).stderr).toMatch(/^studio: No class [0-9a-f-]+\.\n$/);
  });
});
