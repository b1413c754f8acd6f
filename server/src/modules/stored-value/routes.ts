import { GiftCard, GiftCardListQuery, LocationFilterQuery, MembershipPlan, PackageTemplate, list, page } from '@studio/shared';
import { listInLocations, pageInLocations } from '../../http/listing.js';
import { defineRoute, ok } from '../../http/route.js';

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
    handler: async (ctx) =>
      ok(
        await pageInLocations(ctx, 'gift-cards', ctx.query, (locations) => {
          const q = ctx.db.qb.selectFrom('gift_cards').select(giftCardColumns).where('company_id', '=', ctx.auth.companyId);
          return locations ? q.where('location_id', 'in', locations) : q;
        }),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/memberships',
    operationId: 'listMembershipPlans',
    summary: 'List membership plans',
    tag: 'Stored value',
    scopes: ['read:memberships'],
    query: LocationFilterQuery,
    responses: { 200: { description: "Every plan of the key's locations, by name", schema: list(MembershipPlan) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) =>
      ok(
        await listInLocations(ctx, ctx.query.location_id, (locations) => {
          const q = ctx.db.qb
            .selectFrom('membership_plans')
            .select(['id', 'location_id', 'name', 'price_cents', 'billing_interval'])
            .where('company_id', '=', ctx.auth.companyId)
            .orderBy('name')
            .orderBy('id');
          return locations ? q.where('location_id', 'in', locations) : q;
        }),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/packages',
    operationId: 'listPackageTemplates',
    summary: 'List package templates',
    tag: 'Stored value',
    scopes: ['read:packages'],
    query: LocationFilterQuery,
    responses: { 200: { description: "Every package template of the key's locations, by name", schema: list(PackageTemplate) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) =>
      ok(
        await listInLocations(ctx, ctx.query.location_id, (locations) => {
          const q = ctx.db.qb
            .selectFrom('package_templates')
            .select(['id', 'location_id', 'name', 'price_cents', 'total_sessions'])
            .where('company_id', '=', ctx.auth.companyId)
            .orderBy('name')
            .orderBy('id');
          return locations ? q.where('location_id', 'in', locations) : q;
        }),
      ),
  }),
];
