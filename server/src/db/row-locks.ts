import { sql, type Kysely } from 'kysely';
import { LockLedger, LockOrderError } from './lock-ledger.js';
import type { Tables } from './tables.js';
import { transactionScope, type TransactionScope } from './transaction-scope.js';
import type { Queryable } from './types.js';

export { LockOrderError };

/**
 * The one way to lock rows, and the one place the global lock order is written. Every transaction
 * takes its row locks in this order, so two transactions can never each wait on a lock the other
 * holds (a deadlock, which Postgres answers by killing one of them):
 *
 *   room -> staff -> series -> class -> contact -> membership -> feed counter
 *
 * - room, staff: what an appointment booking would hold (server/src/modules/appointments).
 * - series: every change to a weekly class series (modules/classes/series*.ts), before the classes
 *   it touches.
 * - class: every change to a class's roster and waitlist.
 * - contact: the person booked, checked in, or waiting; a door check-in locks it too, so it and a
 *   class check-in of the same member never both consume the class's credit.
 * - membership: every membership a contact holds, keyed by the contact (a coverage decision or a
 *   check-in reads several of them).
 * - feed counter: the company's eligibility-feed sequence
 *   (server/src/modules/members/feed-sequence.ts), always last: it is held until commit, so
 *   commits happen in sequence order.
 *
 * Several rows of one kind are locked in ascending id order: one call sorts them; a later call may
 * add only ids above the highest held at that rank. A row already held may be asked for again.
 * The order is checked on every dialect, always: a lock taken out of order throws LockOrderError
 * (a programming error), so the SQLite tests catch what would deadlock only on Postgres, and
 * production refuses rather than deadlocks. The idempotency claim
 * (server/src/plugins/idempotency.ts) is taken before any of these; a duplicate waits on it before
 * it locks anything.
 *
 * Postgres: `select ... for update` (the feed counter: `for no key update`), in id order. SQLite:
 * nothing is sent; its one writer serialises whole transactions, so the transaction itself is the
 * lock.
 */
const ranks = [
  { kind: 'room', name: 'room', lock: byId('rooms') },
  { kind: 'staff', name: 'staff', lock: byId('staff') },
  { kind: 'series', name: 'series', lock: byId('class_series') },
  { kind: 'class', name: 'class', lock: byId('classes') },
  { kind: 'contact', name: 'contact', lock: byId('contacts') },
  { kind: 'membershipsOf', name: 'membership', lock: membershipsOfContacts },
  // `for no key update`, the lock its UPDATE takes: every row a transaction inserts for the company
  // holds a key-share lock on the company (the foreign key), which `for update` would wait for, so
  // two such transactions taking the counter would wait for each other.
  { kind: 'feedCounter', name: 'feed counter', lock: byId('companies', 'no key update') },
] as const;

export type LockKind = (typeof ranks)[number]['kind'];

/**
 * The rows to lock, by kind: an id or several (null and [] lock nothing). `membershipsOf` takes
 * contact ids and locks the memberships each contact holds when first asked for; asked again, it
 * locks nothing more: callers lock the contact first, and a new membership's insert waits for that
 * lock (its foreign key).
 */
export type RowsToLock = { readonly [K in LockKind]?: string | readonly string[] | null };

/**
 * Locks `rows` until `tx` commits or rolls back, kind by kind in the global order, ids ascending.
 * `tx` is the Queryable `db.transaction` gave: outside a transaction a row lock would end with its
 * own statement, so that is refused too.
 */
export async function lockRows(tx: Queryable, rows: RowsToLock): Promise<void> {
  const scope = scopeOf(tx, 'lockRows');
  const ledger = ledgerOf(tx);
  for (const [rank, { kind, lock }] of ranks.entries()) {
    const asked = rows[kind];
    if (asked === undefined || asked === null) continue;
    const fresh = ledger.take(rank, typeof asked === 'string' ? [asked] : asked);
    if (fresh.length && scope.dialect === 'postgres') await tx.all(lock(scope.qb, fresh));
  }
}

/**
 * Whether what `tx` read before `lockRows` still holds once the locks are taken: on SQLite the
 * transaction holds the whole database from its start, so no other writer came between; on
 * Postgres another transaction may have committed a change to those rows before the lock, so they
 * are read again. Outside a transaction: false.
 */
export function readsStandUnderLocks(tx: Queryable): boolean {
  return transactionScope(tx)?.dialect === 'sqlite';
}

/**
 * How long the transaction's next lock waits may last before failing (Postgres lock_not_available,
 * errors.ts isLockWaitTimeout). SQLite never waits on a row: its writers queue for the one connection.
 */
export async function limitLockWait(tx: Queryable, ms: number): Promise<void> {
  const scope = scopeOf(tx, 'limitLockWait');
  if (scope.dialect === 'postgres') await tx.run(sql.raw(`set local lock_timeout = '${Math.round(ms)}ms'`).compile(scope.qb));
}

const ledgers = new WeakMap<Queryable, LockLedger>();
const rankNames = ranks.map((rank) => rank.name);

function ledgerOf(tx: Queryable): LockLedger {
  let ledger = ledgers.get(tx);
  if (!ledger) ledgers.set(tx, (ledger = new LockLedger(rankNames)));
  return ledger;
}

function scopeOf(tx: Queryable, caller: string): TransactionScope {
  const scope = transactionScope(tx);
  if (!scope) throw new Error(`${caller} needs the Queryable of an open transaction, as db.transaction gives it`);
  return scope;
}

// Byte order ("C"), whatever the database's collation: the order the ledger checks ids in.
const inIdOrder = sql`id collate "C"`;

function byId(table: 'rooms' | 'staff' | 'class_series' | 'classes' | 'contacts' | 'companies', mode: 'update' | 'no key update' = 'update') {
  // Kysely cannot type a select over a union of tables; every one of these has a text `id`.
  return (qb: Kysely<Tables>, ids: string[]) => {
    const rows = qb
      .selectFrom(table as 'rooms')
      .select('id')
      .where('id', 'in', ids)
      .orderBy(inIdOrder);
    return mode === 'update' ? rows.forUpdate() : rows.forNoKeyUpdate();
  };
}

function membershipsOfContacts(qb: Kysely<Tables>, contactIds: string[]) {
  return qb
    .selectFrom('memberships')
    .select('id')
    .where('contact_id', 'in', contactIds)
    .orderBy(sql`contact_id collate "C"`)
    .orderBy(inIdOrder)
    .forUpdate();
}
