import { z } from 'zod';
import { Id, Timestamp } from './common.js';

/** What a desk reader's agent sends for each read (`POST /v1/desk-scans`): never a check-in, never a door. */
export const DeskScanRequest = z
  .strictObject({
    location_id: Id,
    device_id: z.string().min(1).max(100).describe("The desk reader's device id, as the agent names it"),
    identifier: z.string().trim().min(1).max(128).describe('The card number as read'),
  })
  .meta({ id: 'DeskScanRequest' });
export type DeskScanRequest = z.infer<typeof DeskScanRequest>;

/** A card read at a desk reader that no member holds, offered for enrolment for two minutes. */
export const DeskScan = z
  .object({
    id: Id,
    location_id: Id,
    device_id: z.string(),
    scanned_at: Timestamp,
    last_four: z.string(),
    format: z.string().describe('What the number was read as (hex, decimal, wiegand26)'),
  })
  .meta({ id: 'DeskScan' });
export type DeskScan = z.infer<typeof DeskScan>;

/** The card is held; nothing is stored. Never who holds it: a device is told no member's name or id (staff see the holder in the web app). */
export const DeskScanHeld = z.object({ held: z.literal(true) }).meta({ id: 'DeskScanHeld' });
export type DeskScanHeld = z.infer<typeof DeskScanHeld>;

/** The card is unknown: stored, and offered to staff enrolling a card at this desk. */
export const DeskScanStored = z.object({ scan: DeskScan }).meta({ id: 'DeskScanStored' });
export type DeskScanStored = z.infer<typeof DeskScanStored>;

/** Either answer of `POST /v1/desk-scans`: 200 held, 201 stored. */
export const DeskScanAnswer = z.union([DeskScanHeld, DeskScanStored]);
export type DeskScanAnswer = z.infer<typeof DeskScanAnswer>;
