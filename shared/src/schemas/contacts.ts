import { z } from 'zod';
import { Id, PageQuery, Timestamp } from './common.js';

const Name = z.string().trim().min(1).max(100);
const Phone = z.string().trim().min(3).max(40).describe('Any notation; normalised to E.164 with the location country');
const Email = z.email().max(254);
const Notes = z.string().max(2000);

export const Contact = z
  .object({
    id: Id,
    location_id: Id,
    first_name: z.string(),
    last_name: z.string().nullable(),
    phone: z.string().nullable().describe('E.164'),
    email: z.string().nullable(),
    notes: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof Contact>;

export const ContactCreate = z
  .strictObject({
    first_name: Name,
    last_name: Name.optional(),
    phone: Phone.optional(),
    email: Email.optional(),
    notes: Notes.optional(),
    location_id: Id.optional().describe('Required unless the key acts on exactly one location'),
  })
  .meta({ id: 'ContactCreate' });
export type ContactCreate = z.infer<typeof ContactCreate>;

export const ContactUpdate = z
  .strictObject({
    first_name: Name.optional(),
    last_name: Name.nullable().optional(),
    phone: Phone.nullable().optional(),
    email: Email.nullable().optional(),
    notes: Notes.nullable().optional(),
  })
  .meta({ id: 'ContactUpdate' });
export type ContactUpdate = z.infer<typeof ContactUpdate>;

export const ContactListQuery = z.strictObject({
  location_id: Id.optional(),
  search: z.string().trim().min(1).max(200).optional().describe('Every word must match the name, email or phone digits; case and accents ignored'),
  ...PageQuery,
});
