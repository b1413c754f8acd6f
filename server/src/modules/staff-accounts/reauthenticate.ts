import { ApiError } from '@studio/shared';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { beginAttempt, settleAttempt } from './attempts.js';
import { verifyPassword } from './passwords.js';

/**
 * Re-authentication before what must not be done from an unattended session (keys, webhooks,
 * imports, exports, test data, device keys): the signed-in account's own password, checked as at
 * sign-in and slowed as sign-in is (issue 30, N8): its tries share the sign-in waits of the account
 * and the request's client (attempts.ts), so a session left open is no way round them. Refused as
 * `invalid_credentials`, `rate_limited` while a wait runs, and `role_not_allowed` for anyone but a
 * signed-in staff member. Call it outside any transaction: a wrong try must stay written.
 */
export async function reauthenticate(db: Db, actor: Actor, password: string, clock: Clock): Promise<void> {
  if (actor.identity.kind !== 'staff_user') throw new ApiError('role_not_allowed', 'This is done by a signed-in staff member, with the password again.');
  const wrong = () => new ApiError('invalid_credentials', 'That password is not right. Type the password you signed in with.', { param: 'password' });
  const account = await db.first(
    db.qb.selectFrom('staff_accounts').select(['email', 'password_hash', 'disabled_at']).where('id', '=', actor.identity.staffUserId).where('company_id', '=', actor.companyId),
  );
  if (!account) throw wrong();
  const attempt = await beginAttempt(db, clock, { companyId: actor.companyId, email: account.email, address: actor.identity.address });
  if (account.disabled_at !== null || !(await verifyPassword(password, account.password_hash))) throw wrong();
  await settleAttempt(db, attempt, 'succeeded');
}
