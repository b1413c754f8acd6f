import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../server/src/db/dialects/open.js';
import { seedServerWorld, type ServerWorld, type WorldSize } from './seed.js';

/**
 * The server world (seed.ts) and what the webhook scenario adds to it: seeded contacts the load
 * updates, one of them holding a phone number others are refused (409 phone_taken, a change that
 * rolls back), and a race class with fewer spots than contacts booking it (the rest refused 409
 * class_full). Seeded rows are written directly, so they make no events: every event comes from
 * the load.
 */
export interface EventWorld extends ServerWorld {
  /** Seeded contacts the load updates (none of them the phone holder). */
  updateContacts: string[];
  phoneHolder: { contactId: string; phone: string };
  raceClass: { id: string; capacity: number; racers: string[] };
}

export interface EventWorldSize extends WorldSize {
  updates: number;
  raceCapacity: number;
  raceRefusals: number;
}

/** A US number in the 555-01xx range kept for fiction. */
const heldPhone = '+12025550123';

export async function seedEventWorld(databaseUrl: string, size: EventWorldSize): Promise<EventWorld> {
  const world = await seedServerWorld(databaseUrl, size);
  const db = await openDatabase(databaseUrl);
  try {
    // The contacts of the facility check-in memberships: updated, booked into the race class, one holding the phone.
    const members = await db.all(db.qb.selectFrom('memberships').select(['id', 'contact_id']).where('id', 'in', world.checkInMemberships));
    const contacts = members.map((m) => m.contact_id).sort();
    const racers = size.raceCapacity + size.raceRefusals;
    if (contacts.length < size.updates + 1 || contacts.length < racers) throw new Error(`the world has ${contacts.length} check-in members: too few for ${size.updates} updates and ${racers} racers`);
    const [holder, ...others] = contacts;
    await db.run(db.qb.updateTable('contacts').set({ phone: heldPhone }).where('id', '=', holder!));

    const template = await db.first(db.qb.selectFrom('classes').selectAll().where('id', '=', world.classIds[0]!));
    const raceClassId = randomUUID();
    await db.run(db.qb.insertInto('classes').values({ ...template!, id: raceClassId, capacity: size.raceCapacity }));
    return {
      ...world,
      updateContacts: others.slice(0, size.updates),
      phoneHolder: { contactId: holder!, phone: heldPhone },
      raceClass: { id: raceClassId, capacity: size.raceCapacity, racers: contacts.slice(contacts.length - racers) },
    };
  } finally {
    await db.close();
  }
}
