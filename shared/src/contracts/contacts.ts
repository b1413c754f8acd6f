import { defineContract } from './contract.js';
import { IdParams, page } from '../schemas/common.js';
import { Contact, ContactCreate, ContactListQuery, ContactUpdate } from '../schemas/contacts.js';

export const contactsContracts = {
  listContacts: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/contacts',
    operationId: 'listContacts',
    summary: 'List or search contacts',
    description: 'Oldest first. `search` matches every word against first and last name, email and the phone digits, ignoring case and accents (`ann 0100` finds Ann at +1 555 010 0100).',
    tag: 'Contacts',
    scopes: ['read:contacts'],
    query: ContactListQuery,
    responses: { 200: { description: 'A page of contacts', schema: page(Contact) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  getContact: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/contacts/:id',
    operationId: 'getContact',
    summary: 'Retrieve a contact',
    description: 'A location-limited key reads a contact within its reach: at its locations, or holding a membership that admits one of them (see Authentication).',
    tag: 'Contacts',
    scopes: ['read:contacts'],
    params: IdParams,
    responses: { 200: { description: 'The contact', schema: Contact } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  createContact: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/contacts',
    operationId: 'createContact',
    summary: 'Create a contact',
    description:
      'The phone is normalised to E.164 with the location\'s country. When a contact with the same phone exists at the location, that record is answered with 200 instead of a duplicate, to a key that may read contacts (`read:contacts`); a key without it gets 409 `phone_taken` with `param: "phone"` and nothing of the record.',
    tag: 'Contacts',
    scopes: ['write:contacts'],
    body: ContactCreate,
    idempotent: true,
    responses: {
      201: { description: 'Created', schema: Contact },
      200: { description: 'A contact with this phone already exists at the location: that record', schema: Contact },
    },
    errors: ['resource_missing', 'location_not_allowed', 'phone_taken', 'idempotency_key_reused', 'idempotency_key_in_use'],
  }),
  updateContact: defineContract({
    mount: 'api',
    method: 'PATCH',
    path: '/contacts/:id',
    operationId: 'updateContact',
    summary: 'Update a contact',
    description:
      'Send only the fields to change; `null` clears an optional field. The answer is the whole record, so the key needs `read:contacts` as well as `write:contacts` (else 403 `insufficient_scope`). A contact is changed only by a key of their home location.',
    tag: 'Contacts',
    scopes: ['write:contacts'],
    // The answer is the whole record, fields not sent included.
    alsoRequires: ['read:contacts'],
    params: IdParams,
    body: ContactUpdate,
    responses: { 200: { description: 'The updated contact', schema: Contact } },
    errors: ['resource_missing', 'location_not_allowed', 'phone_taken'],
  }),
};
