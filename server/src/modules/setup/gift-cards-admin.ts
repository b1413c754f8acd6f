import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { nowIso } from '../../clock/time.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation } from '../locations/lookup.js';
import { requireOwner } from '../staff-accounts/setup-role.js';
import type { GiftCardIssue } from './setup-inputs.js';

export interface GiftCardView {
  id: string;
  location_id: string;
  code: string;
  initial_balance_cents: number;
  current_balance_cents: number;
  status: string;
  created_at: string;
}

/** Issues a gift card with its code and balance at a location (the owner's); a code is unique in the company. */
export async function issueGiftCard(db: Db, actor: Actor, input: GiftCardIssue): Promise<GiftCardView> {
  requireOwner(actor, 'Gift cards');
  await requireLocation(db, db, actor, input.location_id);
  const row = {
    id: randomUUID(),
    company_id: actor.companyId,
    location_id: input.location_id,
    code: input.code,
    initial_balance_cents: input.balance_cents,
    current_balance_cents: input.balance_cents,
    status: 'active',
    created_at: nowIso(),
  };
  try {
    await db.run(db.qb.insertInto('gift_cards').values(row));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('gift_card_code_taken', `Another gift card of this business has the code "${input.code}"; choose another.`, { param: 'code' });
    throw error;
  }
  const { company_id: _company, ...view } = row;
  return view;
}
