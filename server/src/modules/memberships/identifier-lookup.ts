import { candidateKeys, type MatchingProfile } from '@studio/shared';
import type { Kysely } from 'kysely';
import { padded, prepared } from '../../db/prepared.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';

/** Every scan is looked up with one prepared statement of this many candidates (a scan yields fewer). */
const lookupArity = 12;
type Twelve = [string, string, string, string, string, string, string, string, string, string, string, string];

const liveKeysQuery = (qb: Kysely<Tables>, companyId: string, keys: string[]) =>
  qb.selectFrom('credential_keys').select(['match_key', 'membership_id', 'kind']).where('company_id', '=', companyId).where('match_key', 'in', keys).where('revoked_at', 'is', null);
const liveKeys = prepared((qb, companyId: string, k0: string, k1: string, k2: string, k3: string, k4: string, k5: string, k6: string, k7: string, k8: string, k9: string, k10: string, k11: string) =>
  liveKeysQuery(qb, companyId, [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11]),
);

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
  const fixed = padded(candidates, lookupArity);
  const rows = await sql.all(fixed ? liveKeys(db, companyId, ...(fixed as Twelve)) : liveKeysQuery(db.qb, companyId, candidates));
  const byKey = new Map(rows.map((row) => [row.match_key, row]));
  for (const candidate of candidates) {
    const row = byKey.get(candidate);
    // A phone pass's row (`P:`) is no reading of any scan; named here so the kind narrows.
    if (row && row.kind !== 'pass') return { membership_id: row.membership_id, resolved_by: row.kind };
  }
  return null;
}
