import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { verifyPassword } from './passwords.js';

/**
 * Re-authentication before what must not be done from an unattended session (keys, imports,
 * exports): the signed-in account's own password, checked as at sign-in; refused as
 * `invalid_credentials`, and `role_not_allowed` for anyone but a signed-in staff member.
 */
export async function reauthenticate(db: Db, actor: Actor, password: string): Promise<void> {
  if (actor.identity.kind !== 'staff_user') throw new ApiError('role_not_allowed', 'This is done by a signed-in staff member, with the password again.');
  const account = await db.first(db.qb.selectFrom('staff_accounts').select(['password_hash', 'disabled_at']).where('id', '=', actor.identity.staffUserId).where('company_id', '=', actor.companyId));
  if (!account || account.disabled_at !== null || !(await verifyPassword(password, account.password_hash))) {
    throw new ApiError('invalid_credentials', 'That password is not right. Type the password you signed in with.', { param: 'password' });
  }
}
