import { z } from 'zod';
import { Id } from './common.js';

export const Location = z
  .object({
    id: Id,
    name: z.string(),
    slug: z.string(),
    timezone: z.string().describe('IANA time zone, e.g. America/New_York'),
    address: z.string().nullable(),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof Location>;
