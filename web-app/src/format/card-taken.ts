import { ApiRequestError } from '../api/http.ts';

/** Who holds a card, as a `card_taken` answer names them to staff who may see that member. */
export interface CardHolder {
  contact_id: string;
  name: string;
}

/**
 * A refused enrolment because someone else holds the card: `{ holder }` (null when the server did
 * not name them: they are outside this staff member's locations), or null for any other error.
 */
export function cardTaken(error: unknown): { holder: CardHolder | null } | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'card_taken') return null;
  const holder = error.details?.holder;
  if (typeof holder === 'object' && holder !== null && 'contact_id' in holder && 'name' in holder && typeof holder.contact_id === 'string' && typeof holder.name === 'string') {
    return { holder: { contact_id: holder.contact_id, name: holder.name } };
  }
  return { holder: null };
}
