import { codeAsCardKeys, otherByteOrderKeys } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { KeyClaim } from './import-context.js';
import type { Problems } from './import-problems.js';

/** Keeps `in (...)` lists well under either dialect's limit on bound parameters. */
const keysPerQuery = 500;

/** The company's live card keys among `keys`, with the membership holding each, in bounded queries. */
async function liveCardKeys(db: Db, companyId: string, keys: readonly string[]): Promise<{ match_key: string; membership_id: string }[]> {
  const rows: { match_key: string; membership_id: string }[] = [];
  for (let i = 0; i < keys.length; i += keysPerQuery) {
    rows.push(
      ...(await db.all(
        db.qb
          .selectFrom('credential_keys')
          .select(['match_key', 'membership_id'])
          .where('company_id', '=', companyId)
          .where('kind', '=', 'card_uid')
          .where('match_key', 'in', keys.slice(i, i + keysPerQuery))
          .where('revoked_at', 'is', null),
      )),
    );
  }
  return rows;
}

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
  for (const row of await liveCardKeys(db, companyId, [...shadows.keys()])) {
    const claim = shadows.get(row.match_key)!;
    problems.add(claim.where, `${claim.what} is how a reader prints a card of membership ${row.membership_id} in this company`);
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

/** Each card claim of the file with its keys, in the file's order. */
function cardClaims(claims: ReadonlyMap<string, KeyClaim>): Map<KeyClaim, string[]> {
  const cards = new Map<KeyClaim, string[]>();
  for (const [key, claim] of claims) if (claim.kind === 'card_uid') cards.set(claim, [...(cards.get(claim) ?? []), key]);
  return cards;
}

/** The membership a card claim belongs to (`memberships[3]` for `memberships[3].card_uids[0]`). */
const membershipOfCard = (where: string) => where.slice(0, where.lastIndexOf('.card_uids'));

const otherOrderProblem = (holder: string) => `the card's bytes in reverse order are ${holder}: a reader printing the other byte order would check one member in as the other`;

/**
 * A card of the file may not be another membership's card of the file in the other byte order
 * (`otherByteOrderKeys`): reported once, at the later of the two.
 */
export function fileReversedCardClashes(claims: ReadonlyMap<string, KeyClaim>, problems: Problems): void {
  const seen = new Set<KeyClaim>();
  for (const [claim, keys] of cardClaims(claims)) {
    seen.add(claim);
    const holders = new Set(
      otherByteOrderKeys(keys).flatMap((key) => {
        const holder = claims.get(key);
        return holder && holder !== claim && seen.has(holder) && holder.kind === 'card_uid' && membershipOfCard(holder.where) !== membershipOfCard(claim.where) ? [holder.where] : [];
      }),
    );
    for (const holder of holders) problems.add(claim.where, otherOrderProblem(`the card at ${holder}`));
  }
}

/** The same, against the company's live cards in the database (every membership of a file is new). */
export async function databaseReversedCardClashes(db: Db, companyId: string, claims: ReadonlyMap<string, KeyClaim>, problems: Problems): Promise<void> {
  const reversedOf = new Map<string, KeyClaim>();
  for (const [claim, keys] of cardClaims(claims)) for (const key of otherByteOrderKeys(keys)) reversedOf.set(key, claim);
  const reported = new Set<string>();
  for (const row of await liveCardKeys(db, companyId, [...reversedOf.keys()])) {
    const claim = reversedOf.get(row.match_key)!;
    const message = otherOrderProblem(`a card of membership ${row.membership_id} in this company`);
    if (reported.has(claim.where + message)) continue;
    reported.add(claim.where + message);
    problems.add(claim.where, message);
  }
}
