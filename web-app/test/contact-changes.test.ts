import { ContactUpdate, type Contact } from '@studio/shared/schemas/contacts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, errorFromEnvelope } from '../src/api/http.ts';
import { cardTaken } from '../src/format/card-taken.ts';
import { contactChanges, fieldsOf } from '../src/format/contact-changes.ts';
import { fieldErrors } from '../src/format/form-errors.ts';

const nora: Contact = {
  id: '0199c0de-0000-7000-8000-000000000001',
  location_id: '0199c0de-0000-7000-8000-000000000002',
  first_name: 'Nora',
  last_name: 'Kelly',
  phone: '+353871234567',
  email: 'nora@example.com',
  notes: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

describe('the changes "Edit details" sends', () => {
  it('sends nothing when nothing was changed', () => {
    expect(contactChanges(nora, fieldsOf(nora))).toEqual({});
  });

  it('sends only the fields that differ, without the spaces around them', () => {
    expect(contactChanges(nora, { ...fieldsOf(nora), last_name: ' Kelly-Byrne ', notes: 'Prefers mornings' })).toEqual({ last_name: 'Kelly-Byrne', notes: 'Prefers mornings' });
  });

  it('clears an emptied optional field with null, which the schema accepts', () => {
    const changes = contactChanges(nora, { ...fieldsOf(nora), email: '  ', phone: '' });
    expect(changes).toEqual({ email: null, phone: null });
    expect(ContactUpdate.safeParse(changes).success).toBe(true);
  });

  it('refuses an emptied first name as required, before any request', () => {
    const parsed = ContactUpdate.safeParse(contactChanges(nora, { ...fieldsOf(nora), first_name: '' }));
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ first_name: 'This field is required.' });
  });

  it('says what an email address looks like', () => {
    const parsed = ContactUpdate.safeParse(contactChanges(nora, { ...fieldsOf(nora), email: 'nora at example' }));
    expect(fieldErrors(parsed.error!)).toEqual({ email: 'Enter an email address such as name@example.com.' });
  });
});

describe('a card someone else holds', () => {
  const taken = (details: Record<string, unknown> | null) => new ApiRequestError(409, 'card_taken', 'Nora Kelly holds this card.', 'req_1', 'uid', details);

  it('names the holder the server gave', () => {
    expect(cardTaken(taken({ holder: { contact_id: nora.id, name: 'Nora Kelly' } }))).toEqual({ holder: { contact_id: nora.id, name: 'Nora Kelly' } });
  });

  it("reads the holder from the API's envelope, where it stands beside the message", () => {
    const body = {
      error: { type: 'invalid_request_error', code: 'card_taken', message: 'Nora Kelly holds this card.', param: 'uid', request_id: 'req_1', holder: { contact_id: nora.id, name: 'Nora Kelly' } },
    };
    expect(cardTaken(errorFromEnvelope(409, body))).toEqual({ holder: { contact_id: nora.id, name: 'Nora Kelly' } });
  });

  it('says only that it is held when the server named no one', () => {
    expect(cardTaken(taken(null))).toEqual({ holder: null });
    expect(cardTaken(taken({ holder: { name: 42 } }))).toEqual({ holder: null });
  });

  it('is no answer for other errors', () => {
    expect(cardTaken(new ApiRequestError(404, 'resource_missing', 'No such scan.', null))).toBeNull();
    expect(cardTaken(new Error('offline'))).toBeNull();
    expect(cardTaken(null)).toBeNull();
  });
});
