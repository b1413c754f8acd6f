import { GiftCard, GiftCardListQuery, LocationFilterQuery, MembershipPlan, PackageTemplate, list, page, type GiftCard as GiftCardT } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { visibleLocations } from '../../plugins/auth.js';
import { cursorScope } from '../../pagination/cursor.js';
import { keysetPage } from '../../pagination/keyset.js';

const giftCardColumns = ['id', 'location_id', 'code', 'initial_balance_cents', 'current_balance_cents', 'status', 'created_at'] as const;

export const storedValueRoutes = [
  defineRoute({
    method: 'GET',
    path: '/gift-cards',
    operationId: 'listGiftCards',
    summary: 'List gift cards',
    tag: 'Stored value',
    scopes: ['read:giftcards'],
    query: GiftCardListQuery,
    responses: { 200: { description: 'A page of gift cards, oldest first', schema: page(GiftCard) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async ({ db, sql, auth, query, cursors }) => {
      const locations = await visibleLocations(db, sql, auth, query.location_id);
      let q = db.qb.selectFrom('gift_cards').select(giftCardColumns).where('company_id', '=', auth.companyId);
      if (locations) q = q.where('location_id', 'in', locations);
      const result = await keysetPage(sql, q, { first: 'created_at', second: 'id' }, {
        limit: query.limit,
        cursor: query.cursor,
        codec: cursors,
        scope: cursorScope(auth.companyId, 'gift-cards', { ...query, locations }),
      });
      return ok({ data: result.rows as GiftCardT[], next_cursor: result.next_cursor });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/memberships',
    operationId: 'listMembershipPlans',
    summary: 'List membership plans',
    tag: 'Stored value',
    scopes: ['read:memberships'],
    query: LocationFilterQuery,
    responses: { 200: { description: 'Every plan of the key\'s locations, by name', schema: list(MembershipPlan) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async ({ db, sql, auth, query }) => {
      const locations = await visibleLocations(db, sql, auth, query.location_id);
      let q = db.qb
        .selectFrom('membership_plans')
        .select(['id', 'location_id', 'name', 'price_cents', 'billing_interval'])
        .where('company_id', '=', auth.companyId)
        .orderBy('name')
        .orderBy('id');
      if (locations) q = q.where('location_id', 'in', locations);
      return ok({ data: (await sql.all(q)) as MembershipPlan[] });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/packages',
    operationId: 'listPackageTemplates',
    summary: 'List package templates',
    tag: 'Stored value',
    scopes: ['read:packages'],
    query: LocationFilterQuery,
    responses: { 200: { description: 'Every package template of the key\'s locations, by name', schema: list(PackageTemplate) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async ({ db, sql, auth, query }) => {
      const locations = await visibleLocations(db, sql, auth, query.location_id);
      let q = db.qb
        .selectFrom('package_templates')
        .select(['id', 'location_id', 'name', 'price_cents', 'total_sessions'])
        .where('company_id', '=', auth.companyId)
        .orderBy('name')
        .orderBy('id');
      if (locations) q = q.where('location_id', 'in', locations);
      return ok({ data: await sql.all(q) });
    },
  }),
];
