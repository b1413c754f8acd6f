import { randomUUID } from 'node:crypto';
import { ApiError, type Contact, type ContactCreate, type ContactUpdate } from '@studio/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { HandlerContext, Reply } from '../../http/route.js';
import { requireLocation, type LocationRow } from '../../plugins/auth.js';
import { contactsInReach, noteAccess } from '../../plugins/reach.js';
import { nowIso } from '../../clock/time.js';
import { keyLocations } from '../catalog/repository.js';
import { normalisePhone, searchText } from './phone.js';
import { findContact, findContactByPhone, insertContactUnlessPhoneTaken } from './repository.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;

function e164(phone: string, location: LocationRow): string {
  const normalised = normalisePhone(phone, location.country);
  if (!normalised) throw new ApiError('invalid_param', `Not a phone number for ${location.country}: use the national or +country format.`, { param: 'phone' });
  return normalised;
}

/** The contact's location: the one given, else the key's only location. */
async function targetLocation(ctx: Ctx, locationId: string | undefined): Promise<LocationRow> {
  if (locationId !== undefined) return requireLocation(ctx.db, ctx.sql, ctx.auth, locationId);
  const locations = await keyLocations(ctx.db, ctx.sql, ctx.auth);
  if (locations.length !== 1) {
    throw new ApiError('missing_field', 'location_id is required: this key acts on several locations.', { param: 'location_id' });
  }
  return requireLocation(ctx.db, ctx.sql, ctx.auth, locations[0]!.id);
}

/** Creates a contact; the same phone at the same location answers the existing record (200). */
export async function createContact(ctx: Ctx, body: ContactCreate): Promise<Reply<Contact>> {
  const location = await targetLocation(ctx, body.location_id);
  const now = nowIso();
  const fields = {
    first_name: body.first_name,
    last_name: body.last_name ?? null,
    phone: body.phone === undefined ? null : e164(body.phone, location),
    email: body.email ?? null,
    notes: body.notes ?? null,
  };
  const row = { id: randomUUID(), company_id: ctx.auth.companyId, location_id: location.id, ...fields, search_text: searchText(fields), created_at: now, updated_at: now };
  return ctx.transaction(async (sql) => {
    if (await insertContactUnlessPhoneTaken(ctx.db, sql, row)) {
      const { company_id: _c, search_text: _s, ...contact } = row;
      return { status: 201, body: contact };
    }
    // The existing record is shown only to a key that may read contacts (an answer never shows more than a GET would).
    if (!ctx.auth.scopes.includes('read:contacts')) {
      throw new ApiError('phone_taken', 'A contact at this location already has this phone number; a key with read:contacts is answered that contact.', { param: 'phone' });
    }
    noteAccess(ctx.auth, { scope: 'read:contacts' });
    const existing = await findContactByPhone(ctx.db, sql, location.id, fields.phone!);
    return { status: 200, body: existing! };
  });
}

export async function updateContact(ctx: Ctx, id: string, patch: ContactUpdate): Promise<Contact> {
  const current = await getContact(ctx, id);
  const location = await requireLocation(ctx.db, ctx.sql, ctx.auth, current.location_id, 'id');
  const next = {
    first_name: patch.first_name ?? current.first_name,
    last_name: patch.last_name === undefined ? current.last_name : patch.last_name,
    phone: patch.phone === undefined ? current.phone : patch.phone === null ? null : e164(patch.phone, location),
    email: patch.email === undefined ? current.email : patch.email,
    notes: patch.notes === undefined ? current.notes : patch.notes,
  };
  const updated_at = nowIso();
  try {
    await ctx.sql.run(
      ctx.db.qb
        .updateTable('contacts')
        .set({ ...next, search_text: searchText(next), updated_at })
        .where('id', '=', id)
        .where('company_id', '=', ctx.auth.companyId),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('phone_taken', 'Another contact at this location has that phone number.', { param: 'phone' });
    throw error;
  }
  return { ...current, ...next, updated_at };
}

/** A contact of the company within the key's reach (plugins/reach.ts): another company's is 404, one outside reach 403. */
export async function getContact(ctx: Ctx, id: string): Promise<Contact> {
  const contact = await findContact(ctx.db, ctx.sql, ctx.auth.companyId, id);
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${id}.`, { param: 'id' });
  if (!(await contactsInReach(ctx.db, ctx.sql, ctx.auth, [contact.id])).has(contact.id)) {
    throw new ApiError('location_not_allowed', 'This contact is outside the locations this key may act on.', { param: 'id' });
  }
  noteAccess(ctx.auth, { contact: contact.id });
  return contact;
}
