import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('an answer never shows what the key may not read (%s)', (dialect) => {
  let f: Fixture;
  let writeOnly: string;
  let readWrite: string;
  let existing: { id: string; phone: string };

  beforeAll(async () => {
    f = await startFixture(dialect);
    writeOnly = await f.mint({ scopes: ['write:contacts'] });
    readWrite = await f.mint({ scopes: ['write:contacts', 'read:contacts'] });
    const made = await f.request('POST', '/v1/contacts', { body: { first_name: 'Secretive', last_name: 'Member', phone: '+1 212 555 0142', notes: 'private note', location_id: f.acme.us.id } });
    expect(made.status).toBe(201);
    existing = made.body;
  });
  afterAll(() => f.close());

  it('answers an existing phone to a write-only key with 409 phone_taken and nothing of the contact', async () => {
    const answer = await f.request('POST', '/v1/contacts', { key: writeOnly, body: { first_name: 'Probe', phone: '(212) 555-0142', location_id: f.acme.us.id } });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'phone_taken', param: 'phone' });
    expect(JSON.stringify(answer.body)).not.toMatch(/Secretive|private note|0142|"id"/);
    // A key that may read contacts is still answered the record, as documented.
    const reader = await f.request('POST', '/v1/contacts', { key: readWrite, body: { first_name: 'Probe', phone: '(212) 555-0142', location_id: f.acme.us.id } });
    expect(reader.status).toBe(200);
    expect(reader.body).toMatchObject({ id: existing.id, first_name: 'Secretive' });
  });

  it('refuses a write-only key an update, whose answer is the whole record, and changes nothing', async () => {
    for (const body of [{}, { notes: 'overwritten' }]) {
      const answer = await f.request('PATCH', `/v1/contacts/${existing.id}`, { key: writeOnly, body });
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('insufficient_scope');
      expect(answer.body.error.message).toContain('read:contacts');
      expect(JSON.stringify(answer.body)).not.toContain('Secretive');
    }
    expect((await f.request('GET', `/v1/contacts/${existing.id}`)).body.notes).toBe('private note');
    const updated = await f.request('PATCH', `/v1/contacts/${existing.id}`, { key: readWrite, body: { notes: 'updated by a reader' } });
    expect(updated.status).toBe(200);
    expect(updated.body.notes).toBe('updated by a reader');
  });

  it('replays a stored answer to another key only when that key could have been given it', async () => {
    const body = { first_name: 'Probe', phone: '(212) 555-0142', location_id: f.acme.us.id };
    const first = await f.request('POST', '/v1/contacts', { key: readWrite, body, headers: { 'idempotency-key': `probe-read-${dialect}` } });
    expect(first.status).toBe(200);
    // The same key and body from a key that may not read contacts: not the stored record.
    const replayToWriter = await f.request('POST', '/v1/contacts', { key: writeOnly, body, headers: { 'idempotency-key': `probe-read-${dialect}` } });
    expect(replayToWriter.status).toBe(403);
    expect(replayToWriter.body.error.code).toBe('insufficient_scope');
    expect(JSON.stringify(replayToWriter.body)).not.toContain('Secretive');
    // The key that asked first is still replayed its answer.
    const again = await f.request('POST', '/v1/contacts', { key: readWrite, body, headers: { 'idempotency-key': `probe-read-${dialect}` } });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('re-checks the location limit before replaying: a US-only key is not replayed a London creation', async () => {
    const body = { first_name: 'Camden', last_name: 'Member', phone: '020 7946 0142', location_id: f.acme.gb.id };
    const first = await f.request('POST', '/v1/contacts', { key: f.keys.all, body, headers: { 'idempotency-key': `gb-create-${dialect}` } });
    expect(first.status).toBe(201);
    const replay = await f.request('POST', '/v1/contacts', { key: f.keys.usOnly, body, headers: { 'idempotency-key': `gb-create-${dialect}` } });
    expect(replay.status).toBe(403);
    expect(replay.body.error.code).toBe('location_not_allowed');
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.stringify(replay.body)).not.toContain(first.body.id);
    const same = await f.request('POST', '/v1/contacts', { key: f.keys.all, body, headers: { 'idempotency-key': `gb-create-${dialect}` } });
    expect(same.status).toBe(201);
    expect(same.body.id).toBe(first.body.id);
  });
});
