import { z } from 'zod';

/** One passage: a reader and the relay it opens. A turnstile wants a short pulse, a door strike seconds. */
export const LaneConfig = z.strictObject({
  id: z.string().min(1),
  reader: z.string().min(1).describe('id of a reader in devices.readers'),
  relay: z.string().min(1).describe('id of a relay in devices.relays'),
  kind: z.enum(['turnstile', 'door']).default('turnstile'),
  direction: z.enum(['in', 'out']).default('in').describe('in: a scan checks the member in; out: an exit, no check-in, after which the member may come back in within the anti-passback window'),
  pulse_ms: z.number().int().min(20).max(30_000).optional().describe('default: 200 for a turnstile, 3000 for a door strike'),
});
export type LaneConfig = z.output<typeof LaneConfig>;

export const defaultPulseMs = { turnstile: 200, door: 3000 } as const;

export function pulseMsOf(lane: LaneConfig): number {
  return lane.pulse_ms ?? defaultPulseMs[lane.kind];
}
