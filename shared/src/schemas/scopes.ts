import { z } from 'zod';

export const scopes = [
  'read:availability',
  'read:catalog',
  'read:contacts',
  'write:contacts',
  'read:bookings',
  'write:bookings',
  'read:giftcards',
  'read:packages',
  'read:memberships',
  'write:memberships',
  'checkin:members',
  'read:classes',
  'write:classes',
  'read:events',
  'write:webhooks',
] as const;
export const Scope = z.enum(scopes);
export type Scope = z.infer<typeof Scope>;
