import { randomUUID } from 'node:crypto';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeProblems } from '../helpers/envelope.js';

describe.each(dialects)('idempotency (%s)', (dialect) => {
  let f: Fixture;
  let base: string;
  beforeAll(async () => {
    f = await startFixture(dialect);
    base = await f.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => f.close());

  const count = async (firstName: string) => (await f.db.all(f.db.qb.selectFrom('contacts').select('id').where('first_name', '=', firstName))).length;

  it('20 concurrent creates with one key make one contact and all answer the same body', async () => {
    const key = randomUUID();
    const body = JSON.stringify({ first_name: 'Concurrent', location_id: f.acme.us.id });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${base}/v1/contacts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${f.keys.all}`, 'content-type': 'application/json', 'idempotency-key': key },
          body,
        }),
      ),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true').length).toBe(19);
    expect(await count('Concurrent')).toBe(1);
  });

  it('replays the stored answer for the same key and body, in any key order', async () => {
    const key = randomUUID();
    const first = await f.request('POST', '/v1/contacts', { body: { first_name: 'Replay', location_id: f.acme.us.id }, headers: { 'idempotency-key': key } });
    const second = await f.request('POST', '/v1/contacts', {
      payload: JSON.stringify({ location_id: f.acme.us.id, first_name: 'Replay' }),
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('Replay')).toBe(1);
  });

  it('answers the same key with another body or endpoint with 422 idempotency_key_reused', async () => {
    const key = randomUUID();
    await f.request('POST', '/v1/contacts', { body: { first_name: 'Once', location_id: f.acme.us.id }, headers: { 'idempotency-key': key } });
    const reused = await f.request('POST', '/v1/contacts', { body: { first_name: 'Twice', location_id: f.acme.us.id }, headers: { 'idempotency-key': key } });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({ type: 'idempotency', code: 'idempotency_key_reused' });
    expect(await count('Twice')).toBe(0);
  });

  it('keys are per company: another company may use the same key', async () => {
    const key = randomUUID();
    const ours = await f.request('POST', '/v1/contacts', { body: { first_name: 'Mine', location_id: f.acme.us.id }, headers: { 'idempotency-key': key } });
    const theirs = await f.request('POST', '/v1/contacts', {
      key: f.keys.other,
      body: { first_name: 'Mine', location_id: f.other.location.id },
      headers: { 'idempotency-key': key },
    });
    expect(ours.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(ours.body.id);
  });

  it('does not store validation errors or permission refusals, so a corrected retry runs', async () => {
    const key = randomUUID();
    const invalid = await f.request('POST', '/v1/contacts', { body: { first_name: 'Fixed', location_id: f.acme.us.id, email: 'nope' }, headers: { 'idempotency-key': key } });
    expect(invalid.status).toBe(400);
    const forbidden = await f.request('POST', '/v1/contacts', {
      key: f.keys.usOnly,
      body: { first_name: 'Fixed', location_id: f.acme.gb.id },
      headers: { 'idempotency-key': key },
    });
    expect(forbidden.status).toBe(403);
    const corrected = await f.request('POST', '/v1/contacts', { body: { first_name: 'Fixed', location_id: f.acme.us.id }, headers: { 'idempotency-key': key } });
    expect(corrected.status).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('stores a business refusal and replays it', async () => {
    const key = randomUUID();
    const missingLocation = randomUUID();
    const refused = await f.request('POST', '/v1/contacts', { body: { first_name: 'Lost', location_id: missingLocation }, headers: { 'idempotency-key': key } });
    expect(refused.status).toBe(404);
    const replayed = await f.request('POST', '/v1/contacts', { body: { first_name: 'Lost', location_id: missingLocation }, headers: { 'idempotency-key': key } });
    expect(replayed.status).toBe(404);
    expect(replayed.body).toEqual(refused.body);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    // Its own Request-Id, and the first request's named where the body names it (the fuzzer found the two differing).
    expect(replayed.headers['request-id']).not.toBe(refused.headers['request-id']);
    expect(replayed.headers['original-request']).toBe(refused.body.error.request_id);
    expect(envelopeProblems(replayed)).toEqual([]);
  });
});
