import { ApiError, CredentialFormatError, enrolmentKeys, otherByteOrderKeys } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { contactsInReach } from '../locations/reach.js';

export interface CardHolder {
  contact_id: string;
  name: string;
}

export const contactName = (row: { first_name: string; last_name: string | null }) => [row.first_name, row.last_name].filter(Boolean).join(' ');

/** The last four letters or digits of a card number, as the desk may show it; never more. */
export function lastFour(value: string): string {
  return value
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(-4);
}

/** The keys a card number would be enrolled under; a number that is none of the formats is refused without repeating it. */
export function cardKeys(value: string): string[] {
  try {
    return enrolmentKeys(value, 'auto').keys;
  } catch (error) {
    if (error instanceof CredentialFormatError) throw new ApiError('invalid_param', error.message, { param: 'uid' });
    throw error;
  }
}

/**
 * Who holds a card with any of these keys: held, but named only when the actor may see the
 * holder (null then), so a desk of one location learns nothing of another's members.
 */
export async function cardHolder(db: Db, sql: Queryable, actor: Actor, keys: readonly string[], exceptMembershipId: string | null = null): Promise<{ holder: CardHolder | null } | null> {
  if (keys.length === 0) return null;
  let query = db.qb
    .selectFrom('credential_keys as k')
    .innerJoin('memberships as m', 'm.id', 'k.membership_id')
    .innerJoin('contacts as c', 'c.id', 'm.contact_id')
    .select(['c.id', 'c.first_name', 'c.last_name'])
    .where('k.company_id', '=', actor.companyId)
    .where('k.kind', '=', 'card_uid')
    .where('k.revoked_at', 'is', null)
    .where('k.match_key', 'in', [...keys]);
  if (exceptMembershipId !== null) query = query.where('k.membership_id', '!=', exceptMembershipId);
  const row = await sql.first(query);
  if (!row) return null;
  const visible = (await contactsInReach(db, sql, actor, [row.id])).has(row.id);
  return { holder: visible ? { contact_id: row.id, name: contactName(row) } : null };
}

/** 409 card_taken when someone holds the card: the holder in `details` only when the actor may see them. */
export async function refuseCardTaken(db: Db, sql: Queryable, actor: Actor, value: string): Promise<void> {
  const held = await cardHolder(db, sql, actor, cardKeys(value));
  if (!held) return;
  if (held.holder) {
    throw new ApiError('card_taken', `${held.holder.name} holds this card. Revoke it on their page first to move it.`, { param: 'uid', details: { holder: held.holder } });
  }
  throw new ApiError('card_taken', 'Another member holds this card. Ask a colleague who works at their location to revoke it first.', { param: 'uid' });
}

/**
 * 409 card_taken when another membership holds this card's number in the other byte order
 * (`otherByteOrderKeys`): at a `byte_order: both` location a reader printing the other order
 * would check the one member in as the other. Named like `refuseCardTaken`: the holder only when
 * the actor may see them, and never the number.
 */
export async function refuseCardInOtherByteOrder(db: Db, sql: Queryable, actor: Actor, keys: readonly string[], membershipId: string): Promise<void> {
  const held = await cardHolder(db, sql, actor, otherByteOrderKeys(keys), membershipId);
  if (!held) return;
  const clash = 'its bytes in reverse order are a card of';
  const why = 'a reader printing the other byte order would check one member in as the other';
  if (held.holder) {
    throw new ApiError('card_taken', `This card number cannot be enrolled: ${clash} ${held.holder.name}, and ${why}. If it is their card, revoke it on their page first.`, {
      param: 'uid',
      details: { holder: held.holder },
    });
  }
  throw new ApiError('card_taken', `This card number cannot be enrolled: ${clash} another member, and ${why}.`, { param: 'uid' });
}
