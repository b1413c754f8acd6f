import { isAbsolute } from 'node:path';
import { z } from 'zod';

/**
 * The class check-in kiosk served by this agent (issue 7): its local API under `/kiosk/api/` and
 * the renderer at `/kiosk/`. The agent's key then also needs `read:classes` and `write:classes`
 * (and `read:catalog` to show the location's name).
 */
export const KioskConfig = z.strictObject({
  enabled: z.boolean().default(false),
  reader: z.string().min(1).optional().describe("id of a reader in devices.readers whose scans check members into class at this kiosk; not a lane's reader (it opens nothing)"),
  horizon_hours: z.number().min(0).max(24).default(3).describe("the timetable shows today's classes still to come or running, and those starting within this many hours"),
  refresh_s: z.number().min(0.05).default(60).describe('how often the timetable and rosters are fetched into the offline cache'),
  checkin_opens_min: z
    .number()
    .int()
    .min(0)
    .max(240)
    .default(30)
    .describe(
      "only for a server that sends no class check-in window: a tap or scan checks into a class from this many minutes before its start until its end (the server's window, from the location's settings, wins)",
    ),
  online_budget_ms: z.number().int().min(100).max(10_000).default(2000).describe('a kiosk request waits this long for the server, then answers from the cache'),
  renderer_dir: z
    .string()
    .refine(isAbsolute, 'must be an absolute path')
    .optional()
    .describe('the built renderer served at /kiosk/ (kiosk-ui/dist/renderer, written by `npm run build`); without it only the kiosk API is served, for the Electron shell'),
});
export type KioskConfig = z.output<typeof KioskConfig>;
