import { randomUUID } from 'node:crypto';
import { ApiError, type Contact, type ContactCreate, type ContactUpdate } from '@studio/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/types.js';
import { noteAccess } from '../../domain/access-notes.js';
import { actorNoun, type Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import { recordEvent } from '../events/record.js';
import { pageInLocations } from '../locations/listing.js';
import { requireLocation, targetLocation, type LocationRow } from '../locations/lookup.js';
import { normalisePhone, searchText } from './phone.js';
import { contactsInReach } from '../locations/reach.js';
import { contactListQuery, findContact, findContactByPhone, insertContactUnlessPhoneTaken } from './repository.js';

function e164(phone: string, location: LocationRow): string {
  const normalised = normalisePhone(phone, location.country);
  if (!normalised) throw new ApiError('invalid_param', `Not a phone number for ${location.country}: use the national or +country format.`, { param: 'phone' });
  return normalised;
}

/** Contacts of the actor's locations (or the one asked for), oldest first, narrowed by `search`. */
export async function listContacts(db: Db, actor: Actor, query: { location_id?: string | undefined; search?: string | undefined; limit: number; cursor?: string | undefined }, cursors: CursorCodec) {
  return pageInLocations(db, actor, cursors, 'contacts', query, (locations) => contactListQuery(db, actor.companyId, locations, query.search));
}

/**
 * Creates a contact at the location given, else the actor's only one. The same phone at the same
 * location is not a duplicate: `created` is false and the existing record is answered, to an actor
 * that may read contacts; any other is refused with 409 `phone_taken` and shown nothing of it.
 */
export async function createContact(db: Db, actor: Actor, input: ContactCreate, clock: Clock = systemClock): Promise<{ contact: Contact; created: boolean }> {
  const location = await targetLocation(db, db, actor, input.location_id);
  const now = toIso(clock());
  const fields = {
    first_name: input.first_name,
    last_name: input.last_name ?? null,
    phone: input.phone === undefined ? null : e164(input.phone, location),
    email: input.email ?? null,
    notes: input.notes ?? null,
  };
  const row = { id: randomUUID(), company_id: actor.companyId, location_id: location.id, ...fields, search_text: searchText(fields), created_at: now, updated_at: now };
  return db.transaction(async (sql) => {
    if (await insertContactUnlessPhoneTaken(db, sql, row)) {
      const { company_id: _c, search_text: _s, ...contact } = row;
      await recordEvent(db, sql, { companyId: actor.companyId, type: 'contact.created', locationId: contact.location_id, data: contact }, clock);
      return { contact, created: true };
    }
    // The existing record is shown only to an actor that may read contacts (an answer never shows more than a GET would).
    if (!actor.scopes.includes('read:contacts')) {
      throw new ApiError('phone_taken', 'A contact at this location already has this phone number; a key with read:contacts is answered that contact.', { param: 'phone' });
    }
    noteAccess(actor, { scope: 'read:contacts' });
    const existing = await findContactByPhone(db, sql, location.id, fields.phone!);
    return { contact: existing!, created: false };
  });
}

/** Changes the fields given (null clears an optional one); only an actor of the contact's home location may. */
export async function updateContact(db: Db, actor: Actor, id: string, patch: ContactUpdate, clock: Clock = systemClock): Promise<Contact> {
  const current = await getContact(db, actor, id);
  const location = await requireLocation(db, db, actor, current.location_id, 'id');
  const next = {
    first_name: patch.first_name ?? current.first_name,
    last_name: patch.last_name === undefined ? current.last_name : patch.last_name,
    phone: patch.phone === undefined ? current.phone : patch.phone === null ? null : e164(patch.phone, location),
    email: patch.email === undefined ? current.email : patch.email,
    notes: patch.notes === undefined ? current.notes : patch.notes,
  };
  const updated_at = toIso(clock());
  const updated = { ...current, ...next, updated_at };
  try {
    await db.transaction(async (sql) => {
      await sql.run(
        db.qb
          .updateTable('contacts')
          .set({ ...next, search_text: searchText(next), updated_at })
          .where('id', '=', id)
          .where('company_id', '=', actor.companyId),
      );
      await recordEvent(db, sql, { companyId: actor.companyId, type: 'contact.updated', locationId: updated.location_id, data: updated }, clock);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('phone_taken', 'Another contact at this location has that phone number.', { param: 'phone' });
    throw error;
  }
  return updated;
}

/** A contact of the company within the actor's reach (modules/locations/reach.ts): another company's is 404, one outside reach 403. */
export async function getContact(db: Db, actor: Actor, id: string): Promise<Contact> {
  const contact = await findContact(db, db, actor.companyId, id);
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${id}.`, { param: 'id' });
  if (!(await contactsInReach(db, db, actor, [contact.id])).has(contact.id)) {
    throw new ApiError('location_not_allowed', `This contact is outside the locations ${actorNoun(actor)} may act on.`, { param: 'id' });
  }
  noteAccess(actor, { contact: contact.id });
  return contact;
}
