import { randomUUID } from 'node:crypto';
import { toIso, type Clock } from '../../../clock/time.js';
import { claimable } from '../../../db/claim-rows.js';
import type { Db } from '../../../db/types.js';

/** True when an endpoint's `event_types` (a JSON list; "*" for every type) takes `type`. */
export function endpointTakes(eventTypesJson: string, type: string): boolean {
  let types: unknown;
  try {
    types = JSON.parse(eventTypesJson);
  } catch {
    // One damaged row must not stop every company's fan-out: that endpoint takes nothing.
    return false;
  }
  return Array.isArray(types) && (types.includes('*') || types.includes(type));
}

/**
 * Fans out up to `limit` events not yet dispatched, oldest first: one pending delivery per enabled
 * endpoint of the event's company that takes its type, and the event marked dispatched, in one
 * transaction. The events are claimed (claim-rows.ts), so server processes fanning out at once
 * take different events; the unique (endpoint, event) index would refuse a second row anyway, and
 * the insert skips one. Answers the number of deliveries made.
 */
export async function fanOutEvents(db: Db, clock: Clock, limit = 100): Promise<{ events: number; deliveries: number }> {
  // A read first: an idle poll opens no write transaction (on SQLite one would hold the one writer).
  if (!(await db.first(db.qb.selectFrom('events').select('id').where('dispatched_at', 'is', null).limit(1)))) return { events: 0, deliveries: 0 };
  return db.transaction(async (tx) => {
    const now = toIso(clock());
    const events = await tx.all(
      claimable(tx, db.qb.selectFrom('events').select(['id', 'company_id', 'type', 'created_at']).where('dispatched_at', 'is', null).orderBy('created_at').orderBy('id').limit(limit)),
    );
    if (events.length === 0) return { events: 0, deliveries: 0 };
    const companies = [...new Set(events.map((event) => event.company_id))];
    const endpoints = await tx.all(db.qb.selectFrom('webhook_endpoints').select(['id', 'company_id', 'event_types']).where('company_id', 'in', companies).where('enabled', '=', 1));
    const rows = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.company_id === event.company_id && endpointTakes(endpoint.event_types, event.type))
        .map((endpoint) => ({
          id: randomUUID(),
          company_id: event.company_id,
          endpoint_id: endpoint.id,
          event_id: event.id,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })),
    );
    // In slices: Postgres takes at most 65535 parameters a statement.
    for (let start = 0; start < rows.length; start += 500) {
      await tx.run(
        db.qb
          .insertInto('webhook_deliveries')
          .values(rows.slice(start, start + 500))
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing()),
      );
    }
    await tx.run(
      db.qb
        .updateTable('events')
        .set({ dispatched_at: now })
        .where(
          'id',
          'in',
          events.map((event) => event.id),
        ),
    );
    return { events: events.length, deliveries: rows.length };
  });
}
