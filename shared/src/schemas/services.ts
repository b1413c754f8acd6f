import { z } from 'zod';
import { Cents, Count, Id, PageQuery } from './common.js';

export const Service = z
  .object({
    id: Id,
    location_id: Id,
    name: z.string(),
    description: z.string().nullable(),
    duration_minutes: Count,
    price_cents: Cents,
    category: z.string().nullable(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof Service>;

export const ServiceListQuery = z.strictObject({ location_id: Id.optional(), ...PageQuery });
