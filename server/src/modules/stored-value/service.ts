import type { billingIntervals, giftCardStatuses } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import { listInLocations, pageInLocations, type ListQuery } from '../locations/listing.js';

const giftCardColumns = ['id', 'location_id', 'code', 'initial_balance_cents', 'current_balance_cents', 'status', 'created_at'] as const;

/** Gift cards of the actor's locations (or the one asked for), oldest first. */
export async function listGiftCards(db: Db, actor: Actor, query: ListQuery, cursors: CursorCodec) {
  return pageInLocations(db, actor, cursors, 'gift-cards', query, (locations) => {
    const q = db.qb.selectFrom('gift_cards').select(giftCardColumns).$narrowType<{ status: (typeof giftCardStatuses)[number] }>().where('company_id', '=', actor.companyId);
    return locations ? q.where('location_id', 'in', locations) : q;
  });
}

/** Every membership plan of the actor's locations (or the one asked for), by name. */
export async function listMembershipPlans(db: Db, actor: Actor, locationId: string | undefined) {
  return listInLocations(db, actor, locationId, (locations) => {
    const q = db.qb
      .selectFrom('membership_plans')
      .select(['id', 'location_id', 'name', 'price_cents', 'billing_interval'])
      .$narrowType<{ billing_interval: (typeof billingIntervals)[number] }>()
      .where('company_id', '=', actor.companyId)
      .orderBy('name')
      .orderBy('id');
    return locations ? q.where('location_id', 'in', locations) : q;
  });
}

/** Every package template of the actor's locations (or the one asked for), by name. */
export async function listPackageTemplates(db: Db, actor: Actor, locationId: string | undefined) {
  return listInLocations(db, actor, locationId, (locations) => {
    const q = db.qb.selectFrom('package_templates').select(['id', 'location_id', 'name', 'price_cents', 'total_sessions']).where('company_id', '=', actor.companyId).orderBy('name').orderBy('id');
    return locations ? q.where('location_id', 'in', locations) : q;
  });
}
