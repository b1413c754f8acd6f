import { prepared } from '../../db/prepared.js';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import { nowIso } from '../../clock/time.js';

/**
 * Marks every match key of these memberships as changed, for the eligibility feed's next delta.
 * Call it inside the transaction that makes the change.
 */
export async function bumpFeed(db: Db, sql: Queryable, companyId: string, membershipIds: readonly string[]): Promise<number> {
  const seq = await nextFeedSeq(db, sql, companyId);
  if (membershipIds.length) {
    await sql.run(
      db.qb
        .updateTable('credential_keys')
        .set({ feed_seq: seq, feed_updated_at: nowIso() })
        .where('company_id', '=', companyId)
        .where('membership_id', 'in', [...new Set(membershipIds)]),
    );
  }
  return seq;
}

const incrementFeedSeq = prepared((qb, companyId: string) =>
  qb
    .updateTable('companies')
    .set((eb) => ({ feed_seq: eb('feed_seq', '+', 1) }))
    .where('id', '=', companyId)
    .returning('feed_seq'),
);

/**
 * The company's next feed sequence number. Its counter row stays locked until the transaction
 * commits, so commits happen in sequence order and a reader that has seen sequence N never later
 * finds a new row below N. The counter is the last lock of the global order (server/src/db/row-locks.ts).
 */
export async function nextFeedSeq(db: Db, sql: Queryable, companyId: string): Promise<number> {
  await lockRows(sql, { feedCounter: companyId });
  const row = await sql.first(incrementFeedSeq(db, companyId));
  return row!.feed_seq;
}

/** Marks every match key of the company as changed, with one sequence number (a location's rules changed). */
export async function bumpCompanyFeed(db: Db, sql: Queryable, companyId: string): Promise<number> {
  const seq = await nextFeedSeq(db, sql, companyId);
  await sql.run(db.qb.updateTable('credential_keys').set({ feed_seq: seq, feed_updated_at: nowIso() }).where('company_id', '=', companyId));
  return seq;
}
