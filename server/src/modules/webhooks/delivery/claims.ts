import { randomUUID } from 'node:crypto';
import type { Environment } from '@studio/shared';
import { toIso, type Clock } from '../../../clock/time.js';
import { claimable } from '../../../db/claim-rows.js';
import type { Db } from '../../../db/types.js';
import type { EndpointSecrets } from './signature.js';

/** A delivery this process has claimed, with what sending it needs. */
export interface ClaimedDelivery extends EndpointSecrets {
  id: string;
  company_id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  created_at: string;
  claim_token: string;
  url: string;
  /** The event as its body, one of `eventEnvelopes` (shared/src/schemas/typed-events.ts). */
  body: string;
}

/**
 * Claims up to `limit` due deliveries: pending, due, of an enabled endpoint (a disabled endpoint's
 * deliveries wait, and go again if it is enabled), and not claimed by a process whose claim still
 * runs. The claim lasts `claimMs`, longer than an attempt may take, and is this process's until
 * then; a process killed mid-send leaves the row pending, and another takes it once the claim
 * passes (at least once). The selection skips rows another claim holds (claim-rows.ts).
 */
export async function claimDueDeliveries(db: Db, clock: Clock, limit: number, claimMs: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const token = randomUUID();
  const now = toIso(clock());
  const due = (size: number) =>
    db.qb
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .where('endpoint_id', 'in', db.qb.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 1))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(size);
  // A read first: an idle poll opens no write transaction (on SQLite one would hold the one writer).
  if (!(await db.first(due(1)))) return [];
  const ids = await db.transaction(async (tx) => {
    const dueNow = await tx.all(claimable(tx, due(limit)));
    if (dueNow.length === 0) return [];
    const idList = dueNow.map((row) => row.id);
    await tx.run(
      db.qb
        .updateTable('webhook_deliveries')
        .set({ claimed_until: toIso(clock() + claimMs), claim_token: token })
        .where('id', 'in', idList),
    );
    return idList;
  });
  if (ids.length === 0) return [];
  const rows = await db.all(
    db.qb
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
      .innerJoin('events as e', 'e.id', 'd.event_id')
      .innerJoin('companies as c', 'c.id', 'd.company_id')
      .select(['d.id', 'd.company_id', 'd.endpoint_id', 'd.event_id', 'd.attempts', 'd.created_at', 'd.claim_token'])
      .select(['w.url', 'w.secret', 'w.previous_secret', 'w.previous_secret_expires_at'])
      .select(['e.type', 'e.created_at as event_created_at', 'e.location_id', 'e.data', 'c.live_company_id'])
      .where('d.id', 'in', ids)
      .where('d.claim_token', '=', token),
  );
  return rows.map(({ type, event_created_at, location_id, data, live_company_id, claim_token, ...delivery }) => {
    const environment: Environment = live_company_id === null ? 'live' : 'test';
    const event = { id: delivery.event_id, type, created_at: event_created_at, environment, location_id, data: JSON.parse(data) as unknown };
    return { ...delivery, claim_token: claim_token!, body: JSON.stringify(event) };
  });
}
