import { defineContract } from './contract.js';
import { list, page } from '../schemas/common.js';
import { GiftCard, GiftCardListQuery, LocationFilterQuery, MembershipPlan, PackageTemplate } from '../schemas/stored-value.js';

export const storedValueContracts = {
  listGiftCards: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/gift-cards',
    operationId: 'listGiftCards',
    summary: 'List gift cards',
    tag: 'Stored value',
    scopes: ['read:giftcards'],
    query: GiftCardListQuery,
    responses: { 200: { description: 'A page of gift cards, oldest first', schema: page(GiftCard) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  listMembershipPlans: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/memberships',
    operationId: 'listMembershipPlans',
    summary: 'List membership plans',
    tag: 'Stored value',
    scopes: ['read:memberships'],
    query: LocationFilterQuery,
    responses: { 200: { description: "Every plan of the key's locations, by name", schema: list(MembershipPlan) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  listPackageTemplates: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/packages',
    operationId: 'listPackageTemplates',
    summary: 'List package templates',
    tag: 'Stored value',
    scopes: ['read:packages'],
    query: LocationFilterQuery,
    responses: { 200: { description: "Every package template of the key's locations, by name", schema: list(PackageTemplate) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
};
