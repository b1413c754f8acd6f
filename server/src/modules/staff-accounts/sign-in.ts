import { ApiError } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';
import type { Db } from '../../db/types.js';
import { beginAttempt, settleAttempt } from './attempts.js';
import { recordAudit } from './audit.js';
import { costOf, hashPassword, verifyPassword } from './passwords.js';
import { openSession, revokeAccountSessions, type OpenedSession, type SessionOrigin } from './sessions.js';
import type { StaffAuthSettings } from './settings.js';
import { normaliseEmail } from './accounts.js';

export interface SignInInput extends SessionOrigin {
  companyId: string;
  email: string;
  password: string;
  /** The client's address: the waits after wrong passwords are counted by its client (attempts.ts). */
  address: string;
}

/** Verified against when the email is unknown, so that answer takes as long as a wrong password (one per cost). */
const decoyHashes = new Map<string, Promise<string>>();

function decoyHash(settings: StaffAuthSettings): Promise<string> {
  const cost = JSON.stringify(settings.passwordCost);
  if (!decoyHashes.has(cost)) decoyHashes.set(cost, hashPassword('not a password of anyone', settings.passwordCost));
  return decoyHashes.get(cost)!;
}

const wrong = () => new ApiError('invalid_credentials', 'That email and password do not match an account; check both and try again.');

/**
 * Signs a staff member in with email and password, answering a new session. A wrong password
 * and an unknown email are the same answer, after the same work; while a wait after wrong
 * passwords runs (attempts.ts `attemptDelays`), `rate_limited` with the seconds to wait. Call it
 * outside any transaction: a failed attempt must stay written although the sign-in throws.
 */
export async function signIn(db: Db, settings: StaffAuthSettings, input: SignInInput): Promise<OpenedSession & { accountId: string }> {
  const email = normaliseEmail(input.email);
  const attempt = await beginAttempt(db, settings.clock, { companyId: input.companyId, email, address: input.address });
  const account = await db.first(db.qb.selectFrom('staff_accounts').select(['id', 'password_hash', 'disabled_at']).where('company_id', '=', input.companyId).where('email', '=', email));
  // An account with no password yet (an invitation not used) is checked against the decoy too: the answer's time tells nothing.
  const hasPassword = account !== undefined && costOf(account.password_hash) !== null;
  const matches = (await verifyPassword(input.password, hasPassword ? account.password_hash : await decoyHash(settings))) && hasPassword;
  if (!account || !matches) throw wrong();
  await settleAttempt(db, attempt, 'succeeded');
  // Only someone who knows the password learns that the account is disabled.
  if (account.disabled_at !== null) throw new ApiError('invalid_credentials', 'This account is disabled; ask an owner or a manager of the studio.');
  const stored = costOf(account.password_hash);
  const rehash = stored !== null && stored.N < settings.passwordCost.N ? await hashPassword(input.password, settings.passwordCost) : null;
  return db.transaction(async (sql) => {
    if (rehash) await sql.run(db.qb.updateTable('staff_accounts').set({ password_hash: rehash }).where('id', '=', account.id));
    return { ...(await openSession(db, sql, settings, account.id, input)), accountId: account.id };
  });
}

/** Ends every session of the signed-in staff member, on every device; recorded in the audit log. */
export async function signOutEverywhere(db: Db, settings: StaffAuthSettings, actor: Actor): Promise<number> {
  if (actor.identity.kind !== 'staff_user') throw new ApiError('role_not_allowed', 'Only a signed-in staff member signs out.');
  const accountId = actor.identity.staffUserId;
  return db.transaction(async (sql) => {
    const ended = await revokeAccountSessions(db, sql, settings, accountId);
    await recordAudit(db, sql, actor, { action: 'signed_out_everywhere', targetAccountId: accountId, details: { sessions: ended } }, settings.clock);
    return ended;
  });
}
