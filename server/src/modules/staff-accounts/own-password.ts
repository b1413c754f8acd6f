import { ApiError } from '@studio/shared';
import type { Actor } from '../../domain/actor.js';
import type { Db } from '../../db/types.js';
import { toIso } from '../../clock/time.js';
import { recordAudit } from './audit.js';
import { endPasswordLinks } from './password-links.js';
import { checkPasswordStrength } from './password-strength.js';
import { hashPassword } from './passwords.js';
import { reauthenticate } from './reauthenticate.js';
import type { StaffAuthSettings } from './settings.js';

/**
 * Changes the signed-in staff member's own password. The current one is asked as "password again"
 * is, and its wrong tries count against the same waits (reauthenticate.ts), so an unattended
 * session cannot be used to guess it or to lock its person out. Every other session of the
 * account ends (whoever knew the old password is signed out), and a reset link still pending is
 * ended: its person has a password they know. Answers how many sessions ended.
 */
export async function changeOwnPassword(db: Db, settings: StaffAuthSettings, actor: Actor, input: { currentPassword: string; newPassword: string; keepSessionId: string }): Promise<number> {
  if (actor.identity.kind !== 'staff_user') throw new ApiError('role_not_allowed', 'Only a signed-in staff member changes their own password.');
  const accountId = actor.identity.staffUserId;
  await reauthenticate(db, actor, input.currentPassword, settings.clock);
  const account = await db.first(
    db.qb
      .selectFrom('staff_accounts')
      .innerJoin('companies', 'companies.id', 'staff_accounts.company_id')
      .select(['staff_accounts.email', 'staff_accounts.display_name', 'companies.name'])
      .where('staff_accounts.id', '=', accountId),
  );
  checkPasswordStrength(input.newPassword, [account?.email, account?.display_name, account?.name]);
  const hash = await hashPassword(input.newPassword, settings.passwordCost);
  return db.transaction(async (sql) => {
    const now = toIso(settings.clock());
    await sql.run(db.qb.updateTable('staff_accounts').set({ password_hash: hash }).where('id', '=', accountId));
    const ended = await sql.run(
      db.qb.updateTable('staff_sessions').set({ revoked_at: now }).where('account_id', '=', accountId).where('revoked_at', 'is', null).where('id', '!=', input.keepSessionId),
    );
    await endPasswordLinks(db, sql, accountId, now);
    await recordAudit(db, sql, actor, { action: 'password_changed', targetAccountId: accountId, details: { other_sessions_ended: ended } }, settings.clock);
    return ended;
  });
}
