import { codeAsCardKeys } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { KeyClaim } from './import-context.js';
import type { Problems } from './import-problems.js';

/** Keeps `in (...)` lists well under either dialect's limit on bound parameters. */
const keysPerQuery = 500;

/** A card's claim belongs to the membership whose code claim is `codeWhere` (`memberships[3]` holds `memberships[3].card_uids[0]`). */
const sameMembership = (codeWhere: string, cardWhere: string) => cardWhere.startsWith(`${codeWhere}.`);

/**
 * Member codes and card numbers share one namespace (shared/src/credentials/namespace.ts): a code
 * of the file may not be how a reader prints another membership's card of the file. Cards are
 * named by their place in the file, never by their number.
 */
export function fileCodeCardClashes(claims: ReadonlyMap<string, KeyClaim>, problems: Problems): void {
  for (const [key, claim] of claims) {
    if (claim.kind !== 'code') continue;
    const holders = new Set(
      codeAsCardKeys(key.slice(2)).flatMap((cardKey) => {
        const holder = claims.get(cardKey);
        return holder?.kind === 'card_uid' && !sameMembership(claim.where, holder.where) ? [holder.where] : [];
      }),
    );
    for (const holder of holders) problems.add(claim.where, `${claim.what} is how a reader prints the card at ${holder}: codes and card numbers share one namespace`);
  }
}

/** The same, against the company's live codes and cards already in the database. */
export async function databaseCodeCardClashes(db: Db, companyId: string, claims: ReadonlyMap<string, KeyClaim>, problems: Problems): Promise<void> {
  const fileCodes = [...claims].filter(([, claim]) => claim.kind === 'code');
  const shadows = new Map<string, KeyClaim>();
  for (const [key, claim] of fileCodes) for (const cardKey of codeAsCardKeys(key.slice(2))) shadows.set(cardKey, claim);
  const wanted = [...shadows.keys()];
  for (let i = 0; i < wanted.length; i += keysPerQuery) {
    const found = await db.all(
      db.qb
        .selectFrom('credential_keys')
        .select(['match_key', 'membership_id'])
        .where('company_id', '=', companyId)
        .where('kind', '=', 'card_uid')
        .where('match_key', 'in', wanted.slice(i, i + keysPerQuery))
        .where('revoked_at', 'is', null),
    );
    for (const row of found) {
      const claim = shadows.get(row.match_key)!;
      problems.add(claim.where, `${claim.what} is how a reader prints a card of membership ${row.membership_id} in this company`);
    }
  }
  const liveCodes = await db.all(
    db.qb.selectFrom('credential_keys').select(['match_key', 'membership_id']).where('company_id', '=', companyId).where('kind', '=', 'code').where('revoked_at', 'is', null),
  );
  for (const code of liveCodes) {
    for (const cardKey of codeAsCardKeys(code.match_key.slice(2))) {
      const claim = claims.get(cardKey);
      if (claim?.kind === 'card_uid') problems.add(claim.where, `a reader may print this card as the member code of membership ${code.membership_id} in this company`);
    }
  }
}
