import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import { toIso } from '../../clock/time.js';
import type { StaffAuthSettings } from './settings.js';

export interface AttemptKey {
  companyId: string;
  /** Lower-cased; counted whether or not an account has it, so the limit tells nothing about which exist. */
  email: string;
  address: string;
}

/**
 * Records a sign-in attempt as failed before the password is checked, then counts the failures
 * before it. Written first and committed, an attempt is seen by every other server process's
 * count: two tries at once in two processes cannot both slip under the limit (both may be refused).
 * Answers the attempt's id, for `settleAttempt`; throws `rate_limited` when over a limit.
 */
export async function beginAttempt(db: Db, settings: StaffAuthSettings, key: AttemptKey): Promise<string> {
  const now = settings.clock();
  const id = randomUUID();
  await db.run(db.qb.insertInto('staff_login_attempts').values({ id, company_id: key.companyId, email: key.email, address: key.address, outcome: 'failed', at: toIso(now) }));
  const windowStart = toIso(now - settings.attemptWindowMs);
  const lastSuccess = await db.first(
    db.qb
      .selectFrom('staff_login_attempts')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('company_id', '=', key.companyId)
      .where('email', '=', key.email)
      .where('outcome', '=', 'succeeded'),
  );
  const accountSince = lastSuccess?.at && lastSuccess.at > windowStart ? lastSuccess.at : windowStart;
  const byAccount = await db.all(
    db.qb
      .selectFrom('staff_login_attempts')
      .select('at')
      .where('company_id', '=', key.companyId)
      .where('email', '=', key.email)
      .where('outcome', '=', 'failed')
      .where('at', '>', accountSince)
      .where('id', '!=', id)
      .orderBy('at', 'desc')
      .limit(settings.failuresPerAccount),
  );
  const byAddress = await db.all(
    db.qb
      .selectFrom('staff_login_attempts')
      .select('at')
      .where('address', '=', key.address)
      .where('outcome', '=', 'failed')
      .where('at', '>', windowStart)
      .where('id', '!=', id)
      .orderBy('at', 'desc')
      .limit(settings.failuresPerAddress),
  );
  // The limit lifts when the oldest of the last `limit` failures leaves the window.
  const liftsAt = Math.max(
    byAccount.length >= settings.failuresPerAccount ? Date.parse(byAccount.at(-1)!.at) + settings.attemptWindowMs : 0,
    byAddress.length >= settings.failuresPerAddress ? Date.parse(byAddress.at(-1)!.at) + settings.attemptWindowMs : 0,
  );
  if (liftsAt > 0) {
    // A refused try is not a guess: it does not count, so it cannot keep the limit up for ever.
    await settleAttempt(db, id, 'refused');
    const seconds = Math.max(1, Math.ceil((liftsAt - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new ApiError('rate_limited', `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfter: seconds });
  }
  return id;
}

export async function settleAttempt(db: Db, id: string, outcome: 'succeeded' | 'refused'): Promise<void> {
  await db.run(db.qb.updateTable('staff_login_attempts').set({ outcome }).where('id', '=', id));
}

/** Deletes attempts older than a day: the limits read only the last window. */
export async function pruneAttempts(db: Db, settings: StaffAuthSettings): Promise<number> {
  return db.run(db.qb.deleteFrom('staff_login_attempts').where('at', '<', toIso(settings.clock() - Math.max(settings.attemptWindowMs, 24 * 3_600_000))));
}
