import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import { toIso, type Clock } from '../../clock/time.js';
import { clientOf } from '../../domain/client-address.js';

const second = 1000;
const minute = 60 * second;
const day = 24 * 60 * minute;

/** `free` failures in a row cost nothing; then the next try waits `firstMs`, doubled at each further failure, at most `maxMs`. */
export interface DelayRule {
  free: number;
  firstMs: number;
  maxMs: number;
}

/**
 * How wrong passwords slow the next try, at sign-in and at "password again" alike (issue 30, N8 and
 * N11; docs/staff-accounts.md, "Guessing is slowed"). Nothing is ever locked: each rule asks for a
 * wait after the last failure it counts, and the right password gets in once every wait that
 * applies has passed. Three rules, each counting the failures since its last success:
 *
 * - `pair`, one email from one client (an IPv4 address, an IPv6 /64): the guesser's own line, and
 *   the strict one. Nobody else's failures add to it, so an attacker elsewhere never delays the
 *   owner at the owner's own desk.
 * - `client`, one client whatever the emails: one machine trying many accounts.
 * - `account`, one email from every client it has not been signed in from within `knownClientMs`:
 *   many clients guessing one account. It is softer (more failures free, a shorter longest wait)
 *   and spares the clients the account is known at, so that failures from elsewhere never hold
 *   back the owner at a computer they have used; only a client new to the account may be kept
 *   waiting by them, a few minutes per try at most.
 *
 * A try refused for waiting is not a guess and counts for nothing, so hammering never lengthens
 * a wait. The waits double from one second: after the free failures, 1 s, 2 s, 4 s… up to the cap.
 */
export const attemptDelays = {
  pair: { free: 3, firstMs: second, maxMs: 15 * minute },
  client: { free: 10, firstMs: second, maxMs: 15 * minute },
  account: { free: 10, firstMs: second, maxMs: 5 * minute },
  /** Failures older than this are forgotten. */
  memoryMs: day,
  /** A client the account signed in from (or typed its password again at) this recently is known to it. */
  knownClientMs: 30 * day,
} as const;

/** Enough rows to reach every rule's longest wait (free failures and the doublings to the cap). */
const rowsRead = 32;

/**
 * Where tries are counted, and what a wait names: staff passwords (`staffPasswords`) or members'
 * sign-in codes (member-auth/codes.ts). The two tables have the same columns and never mix, so a
 * member's wrong codes never slow a staff member's sign-in.
 */
export interface AttemptLog {
  table: 'staff_login_attempts' | 'member_sign_in_attempts';
  /** "wrong passwords", "wrong codes". */
  wrongs: string;
}

export const staffPasswords: AttemptLog = { table: 'staff_login_attempts', wrongs: 'wrong passwords' };

export interface AttemptKey {
  companyId: string;
  /** Lower-cased; counted whether or not an account has it, so the waits tell nothing about which exist. */
  email: string;
  /** The request's address; counted by its client (`clientOf`), so any address of one IPv6 /64 is one client. */
  address: string | undefined;
}

/** The wait a rule asks for after `failures` in a row: none while they are free, then doubling up to the cap. */
export function delayAfter(rule: DelayRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxMs, rule.firstMs * 2 ** Math.min(failures - rule.free, 40));
}

type Row = { outcome: 'failed' | 'succeeded' | 'refused'; at: string };

/** When a rule lets the next try in: the last failure since the last success (newest rows first), plus its wait. */
function readyAt(rule: DelayRule, rows: readonly Row[]): number {
  const lastSuccess = rows.find((row) => row.outcome === 'succeeded')?.at ?? '';
  // A failure at the same instant as a success still counts: the order within an instant is unknown, so the stricter reading.
  const failures = rows.filter((row) => row.outcome === 'failed' && row.at >= lastSuccess);
  if (failures.length === 0) return 0;
  return Date.parse(failures[0]!.at) + delayAfter(rule, failures.length);
}

function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Records a password try as failed before the password is checked, then reads the failures
 * before it. Written first and committed, a try is seen by every other server process: two tries
 * at once in two processes each count the other, so no more than the free ones are ever checked
 * at once (both may be asked to wait). Answers the attempt's id, for `settleAttempt`; throws
 * `rate_limited` with the seconds to wait while a delay runs. Call it outside any transaction: a
 * failure must stay written although the caller throws.
 */
export async function beginAttempt(db: Db, clock: Clock, key: AttemptKey, log: AttemptLog = staffPasswords): Promise<string> {
  const now = clock();
  const id = randomUUID();
  const client = clientOf(key.address);
  // Both tables have the same columns: typed as the staff one, written to the log's.
  const table = log.table as 'staff_login_attempts';
  await db.run(db.qb.insertInto(table).values({ id, company_id: key.companyId, email: key.email, address: client, outcome: 'failed', at: toIso(now) }));
  const since = toIso(now - attemptDelays.memoryMs);
  const recent = (filter: 'pair' | 'account' | 'client') => {
    let query = db.qb.selectFrom(table).select(['outcome', 'at']).where('at', '>', since).where('outcome', '!=', 'refused').where('id', '!=', id);
    if (filter !== 'client') query = query.where('company_id', '=', key.companyId).where('email', '=', key.email);
    if (filter !== 'account') query = query.where('address', '=', client);
    return db.all(query.orderBy('at', 'desc').limit(rowsRead));
  };
  const known = await db.first(
    db.qb
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', key.companyId)
      .where('email', '=', key.email)
      .where('address', '=', client)
      .where('outcome', '=', 'succeeded')
      .where('at', '>', toIso(now - attemptDelays.knownClientMs))
      .limit(1),
  );
  const waits = [readyAt(attemptDelays.pair, await recent('pair')), readyAt(attemptDelays.client, await recent('client'))];
  if (!known) waits.push(readyAt(attemptDelays.account, await recent('account')));
  const until = Math.max(...waits);
  if (until > now) {
    // A refused try is not a guess: it does not count, so it cannot keep a wait up for ever.
    await settleAttempt(db, id, 'refused', log);
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new ApiError('rate_limited', `Too many ${log.wrongs}; try again in ${waitWords(seconds)}.`, { retryAfter: seconds });
  }
  return id;
}

export async function settleAttempt(db: Db, id: string, outcome: 'succeeded' | 'refused', log: AttemptLog = staffPasswords): Promise<void> {
  await db.run(
    db.qb
      .updateTable(log.table as 'staff_login_attempts')
      .set({ outcome })
      .where('id', '=', id),
  );
}

/** Deletes what the waits no longer read: failures past their memory, successes once their client is no longer known. */
export async function pruneAttempts(db: Db, clock: Clock, log: AttemptLog = staffPasswords): Promise<number> {
  const now = clock();
  const table = log.table as 'staff_login_attempts';
  const failures = await db.run(
    db.qb
      .deleteFrom(table)
      .where('outcome', '!=', 'succeeded')
      .where('at', '<', toIso(now - attemptDelays.memoryMs)),
  );
  const successes = await db.run(
    db.qb
      .deleteFrom(table)
      .where('outcome', '=', 'succeeded')
      .where('at', '<', toIso(now - attemptDelays.knownClientMs)),
  );
  return failures + successes;
}
