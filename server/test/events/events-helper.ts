import type { Db } from '../../src/db/types.js';

export interface StoredEvent {
  id: string;
  type: string;
  location_id: string | null;
  data: Record<string, unknown>;
}

/** Every event of the company, as stored, in a stable order. */
export async function storedEvents(db: Db, companyId: string): Promise<StoredEvent[]> {
  const rows = await db.all(db.qb.selectFrom('events').select(['id', 'type', 'location_id', 'data']).where('company_id', '=', companyId).orderBy('created_at').orderBy('id'));
  return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }));
}

/** The events `work` wrote for the company: what was there before is left out. */
export async function eventsOf(db: Db, companyId: string, work: () => Promise<unknown>): Promise<StoredEvent[]> {
  const before = new Set((await storedEvents(db, companyId)).map((event) => event.id));
  await work();
  return (await storedEvents(db, companyId)).filter((event) => !before.has(event.id));
}

/** The types of `events`, sorted, so an expectation lists what was written regardless of order. */
export const typesOf = (events: StoredEvent[]) => events.map((event) => event.type).sort();
