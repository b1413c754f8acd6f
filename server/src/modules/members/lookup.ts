import { candidateKeys, type MatchingProfile } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';

export interface Match {
  membership_id: string;
  resolved_by: 'code' | 'card_uid';
}

/**
 * The membership an identifier belongs to: every reading of it the location's matching profile
 * allows, looked up at once; the most specific reading that matches wins (member codes first).
 */
export async function findByIdentifier(db: Db, sql: Queryable, companyId: string, identifier: string, profile: MatchingProfile): Promise<Match | null> {
  const candidates = candidateKeys(identifier, profile);
  if (candidates.length === 0) return null;
  const rows = await sql.all(
    db.qb
      .selectFrom('credential_keys')
      .select(['match_key', 'membership_id', 'kind'])
      .where('company_id', '=', companyId)
      .where('match_key', 'in', candidates)
      .where('revoked_at', 'is', null),
  );
  const byKey = new Map(rows.map((row) => [row.match_key, row]));
  for (const candidate of candidates) {
    const row = byKey.get(candidate);
    if (row) return { membership_id: row.membership_id, resolved_by: row.kind };
  }
  return null;
}
