import { z } from 'zod';
import { Id, Timestamp } from './common.js';

/**
 * A member's phone pass (docs/phone-pass.md): the key their app computes its codes with, and what
 * the member's page shows staff of it.
 */
export const MemberPass = z
  .object({
    contact_id: Id.describe("The member: the pass's payload names them"),
    location_id: Id.describe("The app's location, whose doors the key opens"),
    epoch: z.number().int().describe("The location key's epoch the member key was derived from"),
    generation: z.number().int().min(0).describe("How many times staff revoked the member's passes: part of the key"),
    member_key: z.string().length(43).describe('K_member, 32 bytes base64url: kept on the phone, never shown; every code is made from it'),
    step_seconds: z.number().int().describe('How long one code lasts (30)'),
    server_time: Timestamp.describe("The server's clock: the app shows how far off the phone's clock is"),
  })
  .meta({ id: 'MemberPass' });
export type MemberPass = z.infer<typeof MemberPass>;

export const MemberPassStatus = z
  .object({
    opened_at: Timestamp.nullable().describe("When the member's app last fetched its key; null when the member never opened their pass"),
    revoked_at: Timestamp.nullable().describe('When staff last revoked the member’s passes'),
    generation: z.number().int().min(0),
  })
  .meta({ id: 'MemberPassStatus' });

export const MemberPassSent = z.object({ message_id: Id.describe('The email in the member’s messages') }).meta({ id: 'MemberPassSent' });
