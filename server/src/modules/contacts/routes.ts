import { Contact, ContactCreate, ContactListQuery, ContactUpdate, IdParams, page } from '@studio/shared';
import { defineRoute, ok } from '../../http/route.js';
import { pageInLocations } from '../../http/listing.js';
import { contactListQuery } from './repository.js';
import { createContact, getContact, updateContact } from './service.js';

export const contactRoutes = [
  defineRoute({
    method: 'GET',
    path: '/contacts',
    operationId: 'listContacts',
    summary: 'List or search contacts',
    description:
      'Oldest first. `search` matches every word against first and last name, email and the phone digits, ignoring case and accents (`ann 0100` finds Ann at +1 555 010 0100).',
    tag: 'Contacts',
    scopes: ['read:contacts'],
    query: ContactListQuery,
    responses: { 200: { description: 'A page of contacts', schema: page(Contact) } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) =>
      ok(await pageInLocations(ctx, 'contacts', ctx.query, (locations) => contactListQuery(ctx.db, ctx.auth.companyId, locations, ctx.query.search))),
  }),
  defineRoute({
    method: 'GET',
    path: '/contacts/:id',
    operationId: 'getContact',
    summary: 'Retrieve a contact',
    tag: 'Contacts',
    scopes: ['read:contacts'],
    params: IdParams,
    responses: { 200: { description: 'The contact', schema: Contact } },
    errors: ['resource_missing', 'location_not_allowed'],
    handler: async (ctx) => ok(await getContact(ctx, ctx.params.id)),
  }),
  defineRoute({
    method: 'POST',
    path: '/contacts',
    operationId: 'createContact',
    summary: 'Create a contact',
    description:
      'The phone is normalised to E.164 with the location\'s country. When a contact with the same phone exists at the location, that record is answered with 200 instead of a duplicate.',
    tag: 'Contacts',
    scopes: ['write:contacts'],
    body: ContactCreate,
    idempotent: true,
    responses: {
      201: { description: 'Created', schema: Contact },
      200: { description: 'A contact with this phone already exists at the location: that record', schema: Contact },
    },
    errors: ['resource_missing', 'location_not_allowed', 'idempotency_key_reused', 'idempotency_key_in_use'],
    handler: async (ctx) => createContact(ctx, ctx.body),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/contacts/:id',
    operationId: 'updateContact',
    summary: 'Update a contact',
    description: 'Send only the fields to change; `null` clears an optional field.',
    tag: 'Contacts',
    scopes: ['write:contacts'],
    params: IdParams,
    body: ContactUpdate,
    responses: { 200: { description: 'The updated contact', schema: Contact } },
    errors: ['resource_missing', 'location_not_allowed', 'phone_taken'],
    handler: async (ctx) => ok(await updateContact(ctx, ctx.params.id, ctx.body)),
  }),
];
