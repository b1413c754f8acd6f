import { z } from 'zod';
import { Environment } from './events.js';
import { Scope } from './scopes.js';

export const KeyIdentity = z
  .object({
    company_id: z.string(),
    environment: Environment,
    scopes: z.array(Scope),
    location_ids: z.array(z.string()).describe('Locations the key may act on (all of the company for an all-locations key)'),
    request_id: z.string(),
  })
  .meta({ id: 'KeyIdentity' });
export type KeyIdentity = z.infer<typeof KeyIdentity>;
