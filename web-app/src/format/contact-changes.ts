import type { Contact } from '@studio/shared/schemas/contacts';

export const contactFields = ['first_name', 'last_name', 'phone', 'email', 'notes'] as const;

/** The contact fields the "Edit details" dialog shows, as typed (a cleared field is ""). */
export type ContactFields = Record<(typeof contactFields)[number], string>;

/** The form's starting values: the contact as stored, an absent field empty. */
export function fieldsOf(contact: Contact): ContactFields {
  return {
    first_name: contact.first_name,
    last_name: contact.last_name ?? '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    notes: contact.notes ?? '',
  };
}

/**
 * The PATCH body for what was typed: only the fields that differ from the stored contact, so a
 * colleague's change to another field is not overwritten with what this form loaded. A cleared field
 * is sent as null (the API clears it); the first name cannot be cleared, so an empty one is sent as ""
 * and the schema answers "required" before anything leaves the browser.
 */
export function contactChanges(contact: Contact, typed: ContactFields): Record<string, string | null> {
  const stored = fieldsOf(contact);
  const changes: Record<string, string | null> = {};
  for (const field of contactFields) {
    // Notes keep their inner line breaks; every field loses the spaces around it.
    const value = typed[field].trim();
    if (value === stored[field].trim()) continue;
    changes[field] = value === '' && field !== 'first_name' ? null : value;
  }
  return changes;
}
