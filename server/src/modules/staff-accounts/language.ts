import { ApiError } from '@studio/shared';
import type { Language } from '@studio/shared/i18n';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';

/** The staff member behind an actor: only a person has a language of their own. */
function ownAccountId(actor: Actor): string {
  if (actor.identity.kind !== 'staff_user') throw new ApiError('role_not_allowed', 'Only a signed-in staff member has a language of their own.');
  return actor.identity.staffUserId;
}

/** The account's own language, or null when it follows the location's. */
export async function ownLanguage(db: Db, accountId: string): Promise<Language | null> {
  const row = await db.first(db.qb.selectFrom('staff_accounts').select('language').where('id', '=', accountId));
  return (row?.language ?? null) as Language | null;
}

/** Sets (or, with null, clears) the signed-in staff member's own language; nobody sets another's. */
export async function setOwnLanguage(db: Db, actor: Actor, language: Language | null): Promise<Language | null> {
  const id = ownAccountId(actor);
  await db.run(db.qb.updateTable('staff_accounts').set({ language }).where('id', '=', id).where('company_id', '=', actor.companyId));
  return language;
}
