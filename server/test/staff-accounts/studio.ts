import type { Db } from '../../src/db/types.js';
import { systemActor } from '../../src/domain/actor.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { staffAuthSettings, type StaffAuthSettings } from '../../src/modules/staff-accounts/settings.js';

/** A cheap scrypt cost for tests: the format and the checks are the same, the hashing 128 times quicker. */
export const testCost = { N: 2 ** 10, r: 8, p: 1 };

/** A clock the test moves by hand, starting on a fixed instant. */
export function handClock(start = Date.parse('2026-06-01T09:00:00.000Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

export function testSettings(clock: () => number): StaffAuthSettings {
  return staffAuthSettings(clock, { passwordCost: testCost });
}

let studios = 0;

/** A studio with two locations (north, south) and a contact at each. */
export async function twoLocationStudio(db: Db) {
  studios += 1;
  const imported = await importBusiness(db, {
    version: 1,
    company: { name: `Alder Studio ${studios}`, key_prefix: `alder${studios}` },
    locations: [
      { ref: 'north', name: 'North', slug: 'north', timezone: 'Europe/London', country: 'GB' },
      { ref: 'south', name: 'South', slug: 'south', timezone: 'Europe/London', country: 'GB' },
    ],
    contacts: [
      { ref: 'nina', location: 'north', first_name: 'Nina' },
      { ref: 'sam', location: 'south', first_name: 'Sam' },
    ],
  });
  const ids = imported.ids;
  return {
    companyId: imported.company_id,
    business: systemActor(imported.company_id, 'test'),
    north: ids.locations!.north!,
    south: ids.locations!.south!,
    nina: ids.contacts!.nina!,
    sam: ids.contacts!.sam!,
  };
}
