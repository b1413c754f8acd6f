import { z } from 'zod';
import { Cents, Count, Id, PageQuery, Timestamp } from './common.js';

export const giftCardStatuses = ['active', 'redeemed', 'expired', 'void'] as const;
export const billingIntervals = ['weekly', 'monthly', 'quarterly', 'yearly', 'once'] as const;

export const GiftCard = z
  .object({
    id: Id,
    location_id: Id,
    code: z.string(),
    initial_balance_cents: Cents,
    current_balance_cents: Cents,
    status: z.enum(giftCardStatuses),
    created_at: Timestamp,
  })
  .meta({ id: 'GiftCard' });
export type GiftCard = z.infer<typeof GiftCard>;

export const GiftCardListQuery = z.strictObject({ location_id: Id.optional(), ...PageQuery });

export const MembershipPlan = z
  .object({
    id: Id,
    location_id: Id,
    name: z.string(),
    price_cents: Cents,
    billing_interval: z.enum(billingIntervals),
  })
  .meta({ id: 'MembershipPlan' });
export type MembershipPlan = z.infer<typeof MembershipPlan>;

export const PackageTemplate = z
  .object({
    id: Id,
    location_id: Id,
    name: z.string(),
    price_cents: Cents,
    total_sessions: Count,
  })
  .meta({ id: 'PackageTemplate' });
export type PackageTemplate = z.infer<typeof PackageTemplate>;

export const LocationFilterQuery = z.strictObject({ location_id: Id.optional() });
