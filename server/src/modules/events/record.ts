import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { preparedInsert } from '../../db/prepared.js';
import { transactionScope } from '../../db/transaction-scope.js';
import type { Db, Queryable } from '../../db/types.js';

export interface EventInput<T extends EventType = EventType> {
  companyId: string;
  type: T;
  /** The location the change happened at (a contact's: its home location, so a location-limited key sees only its own); null for a change of no one location. */
  locationId: string | null;
  /** The resource after the change, exactly as the API answers it elsewhere: its schema is the type's in `eventData`. */
  data: EventData<T>;
}

const insertEvent = preparedInsert('events', ['id', 'company_id', 'type', 'location_id', 'data', 'created_at']);

/**
 * Writes an event into the outbox on `tx`, the transaction of the change it describes: it is
 * committed with the change or rolled back with it (a transactional outbox). Outside a
 * transaction it throws, so an event can never be written apart from its change.
 */
export async function recordEvent<T extends EventType>(db: Db, tx: Queryable, input: EventInput<T>, clock: Clock = systemClock): Promise<string> {
  if (!transactionScope(tx)) throw new Error(`recordEvent(${input.type}) needs the transaction of the change it describes.`);
  const id = randomUUID();
  await tx.run(insertEvent(db, { id, company_id: input.companyId, type: input.type, location_id: input.locationId, data: JSON.stringify(input.data), created_at: toIso(clock()) }));
  return id;
}
