import type { SelectQueryBuilder } from 'kysely';
import { transactionScope } from './transaction-scope.js';
import type { Queryable } from './types.js';

/**
 * The select of a work queue's claim (webhook deliveries, the events outbox): the rows it answers
 * are the caller's to mark as claimed in the same transaction, and no concurrent claim answers them too.
 *
 * Postgres: `for update skip locked`, so two server processes claiming at once each take other
 * rows instead of waiting on each other's. It never waits, so it has no place in the global lock
 * order of row-locks.ts (docs/architecture.md §2.12): a skipped row is simply left to the next claim.
 * SQLite: the select as it is; `BEGIN IMMEDIATE` lets one writer at a time in, across processes,
 * so a claim runs alone and the rows it marks are not there for the next one (§2.10).
 */
export function claimable<DB, TB extends keyof DB, O>(tx: Queryable, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  const scope = transactionScope(tx);
  if (!scope) throw new Error('claimable needs the Queryable of an open transaction, as db.transaction gives it');
  return scope.dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}
