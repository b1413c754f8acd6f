import { openDatabase } from '../../server/src/db/dialects/open.js';
import type { Db } from '../../server/src/db/types.js';
import type { EventOp } from './event-load.js';
import type { EventWorld } from './event-world.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export interface CommittedEvent {
  id: string;
  type: string;
  data: string;
  created_at: string;
}

/** Events committed vs events received, and what the clients were told against both. */
export interface EventVerdict {
  committed: number;
  received: number;
  /** Committed events the receiver never accepted. */
  missing: number;
  /** Accepted more than once (allowed: delivery is at least once). */
  duplicates: number;
  /** Deliveries not `delivered` in the database. */
  undelivered: number;
  /** From an event's commit to its first receipt: the median and the longest, in ms. */
  delayMs: { median: number; max: number };
  violations: string[];
}

/** The events of the world's company, as committed. */
export async function committedEvents(db: Db, world: EventWorld): Promise<CommittedEvent[]> {
  return db.all(db.qb.selectFrom('events').select(['id', 'type', 'data', 'created_at']).where('company_id', '=', world.companyId).orderBy('created_at').orderBy('id'));
}

/** Deliveries of the world's company still to be sent (pending or given up on). */
export async function undeliveredCount(db: Db, world: EventWorld): Promise<number> {
  const row = await db.first(
    db.qb
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', world.companyId)
      .where('status', '!=', 'delivered'),
  );
  return Number(row?.n ?? 0);
}

/**
 * The end of the scenario: every committed event accepted by the receiver at least once with a
 * valid signature; no event accepted that is not committed; no event for a refused change (its
 * key is written into the change, the racers' bookings are told apart by contact); every
 * acknowledged change has an event naming what the client was told (the id, or the update's key).
 */
export async function verifyEvents(databaseUrl: string, world: EventWorld, ops: readonly EventOp[], receiver: WebhookReceiver): Promise<EventVerdict> {
  const db = await openDatabase(databaseUrl);
  try {
    const events = await committedEvents(db, world);
    const committed = new Set(events.map((e) => e.id));
    const violations: string[] = [];
    for (const [id, event] of receiver.received) if (!committed.has(id)) violations.push(`event ${id} (${event.type}) received but never committed`);
    const missing = events.filter((e) => !receiver.received.has(e.id));
    for (const e of missing.slice(0, 10)) violations.push(`event ${e.id} (${e.type}) committed but never received`);
    violations.push(...receiver.rejected.slice(0, 10).map((r) => `a delivery failed verification: ${r}`));

    const texts = events.map((e) => e.data);
    const named = (text: string) => texts.some((t) => t.includes(text));
    const refusedRacers = new Set(ops.filter((op) => op.kind === 'race-book' && op.outcome && 'refused' in op.outcome).map((op) => op.contactId!));
    for (const e of events) {
      const data = JSON.parse(e.data) as { class_id?: string; contact_id?: string };
      if (data.class_id === world.raceClass.id && refusedRacers.has(data.contact_id!)) violations.push(`event ${e.id} (${e.type}) for a booking refused class_full`);
    }
    for (const op of ops) {
      if (!op.outcome) violations.push(`${op.kind} ${op.key}: never answered`);
      else if ('refused' in op.outcome) {
        if (named(op.key)) violations.push(`${op.kind} ${op.key}: refused ${op.outcome.refused}, yet an event holds its change`);
      } else if (!named(op.kind === 'update-contact' ? op.key : op.outcome.acked)) {
        violations.push(`${op.kind} ${op.key}: acknowledged ${op.outcome.acked}, and no event names it`);
      }
    }
    const undelivered = await undeliveredCount(db, world);
    if (undelivered > 0) violations.push(`${undelivered} deliveries not delivered at the end`);
    const delays = events.flatMap((e) => {
      const seen = receiver.received.get(e.id);
      return seen ? [seen.firstAcceptedAt - Date.parse(e.created_at)] : [];
    });
    delays.sort((a, b) => a - b);
    const delayMs = { median: delays[Math.floor(delays.length / 2)] ?? 0, max: delays.at(-1) ?? 0 };
    return { committed: events.length, received: receiver.received.size, missing: missing.length, duplicates: receiver.duplicates, undelivered, delayMs, violations };
  } finally {
    await db.close();
  }
}
