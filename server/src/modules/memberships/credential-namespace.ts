import { ApiError, cardAsCodeKeys, codeAsCardKeys } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';

/**
 * Member codes and card numbers share one namespace (shared/src/credentials/namespace.ts): a code
 * may not equal any print of another membership's live card, nor a card any live code of another
 * membership, or a scan of the card would resolve to the code's holder.
 */
async function heldByOthers(db: Db, sql: Queryable, companyId: string, keys: string[], kind: 'code' | 'card_uid', membershipId: string | null): Promise<boolean> {
  if (keys.length === 0) return false;
  const rows = await sql.all(
    db.qb.selectFrom('credential_keys').select('membership_id').where('company_id', '=', companyId).where('kind', '=', kind).where('match_key', 'in', keys).where('revoked_at', 'is', null),
  );
  return rows.some((row) => row.membership_id !== membershipId);
}

/** Refuses a member code that another membership's card is printed as (409 member_code_taken). */
export async function refuseCodeShadowingCard(db: Db, sql: Queryable, companyId: string, code: string, membershipId: string | null, param = 'member_code'): Promise<void> {
  if (await heldByOthers(db, sql, companyId, codeAsCardKeys(code), 'card_uid', membershipId)) {
    throw new ApiError('member_code_taken', "This member code is how a reader prints another membership's card; choose another code.", { param });
  }
}

/** Refuses a card some print of which is another membership's member code. */
export async function refuseCardShadowedByCode(db: Db, sql: Queryable, companyId: string, cardKeys: readonly string[], membershipId: string, param = 'uid'): Promise<void> {
  if (await heldByOthers(db, sql, companyId, cardAsCodeKeys(cardKeys), 'code', membershipId)) {
    throw new ApiError('invalid_param', "A reader may print this card number as another membership's member code; change that code first.", { param });
  }
}
