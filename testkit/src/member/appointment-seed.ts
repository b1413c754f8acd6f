import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeededStudio } from '../web/web-stack.js';

/** What members of North may book in the appointment tests: Ana gives a 60-minute Massage every day. */
export const appointmentSeed = { service: 'Massage', minutes: 60, technician: { firstName: 'Ana', lastName: 'Ruiz' } } as const;

/**
 * Adds appointments at North to the seeded business (web/seed-business.ts), with the CLI's import
 * into the existing company as a studio would: Ana works 06:00-22:00 every day and gives the
 * Massage. Kept out of the shared seed, so the other web tests see the business they expect.
 */
export async function seedAppointments(studio: Pick<SeededStudio, 'cli' | 'seed'>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-appointments-'));
  try {
    const file = join(dir, 'appointments.json');
    const { technician, service, minutes } = appointmentSeed;
    const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ location: 'north', weekday, start: '06:00', end: '22:00' }));
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        existing: { locations: [{ ref: 'north', slug: 'north' }] },
        staff: [{ ref: 'ana', first_name: technician.firstName, last_name: technician.lastName, hours }],
        services: [{ ref: 'massage', location: 'north', name: service, kind: 'appointment', duration_minutes: minutes, price_cents: 5000, staff: ['ana'] }],
      }),
    );
    const outcome = await studio.cli(['import', file, '--company', studio.seed.companyId]);
    if (outcome.code !== 0) throw new Error(`importing the appointments failed: ${outcome.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
