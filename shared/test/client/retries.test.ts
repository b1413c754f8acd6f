import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, NetworkError } from '../../src/client/index.js';
import { contact, keyIdentity, useScriptedServers } from './fixtures.js';
import { drop, envelope, hang, json } from './scripted-server.js';

const { serve, client } = useScriptedServers();
const unavailable = envelope(503, { type: 'api_error', code: 'unavailable', message: 'Briefly unavailable.' }, { 'retry-after': '0' });
const newContact = { first_name: 'Ann' };

describe('retries', () => {
  it('retries a GET on 503 with Retry-After until it answers', async () => {
    const server = await serve(unavailable, unavailable, json(200, keyIdentity));
    await expect(client(server).ping()).resolves.toMatchObject({ company_id: 'co_1' });
    expect(server.seen).toHaveLength(3);
  });

  it('retries a GET on a dropped connection, 429, 502, 504 and 500', async () => {
    const status = (code: number) => json(code, '<html>proxy</html>');
    const server = await serve(drop, status(429), status(502), status(504), status(500), json(200, keyIdentity));
    await client(server, { retries: 5 }).ping();
    expect(server.seen).toHaveLength(6);
  });

  it('retries a keyed POST with the same Idempotency-Key on every attempt', async () => {
    const server = await serve(unavailable, drop, json(201, contact));
    const result = await client(server).contacts.create(newContact);
    expect(server.seen).toHaveLength(3);
    const keys = server.seen.map((request) => request.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([result.idempotencyKey]));
    expect(result.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the caller's own key, so an outbox can retry across restarts", async () => {
    const server = await serve(json(201, contact, { 'idempotent-replayed': 'true' }));
    const result = await client(server).contacts.create(newContact, { idempotencyKey: 'outbox-42' });
    expect(server.seen[0]?.headers['idempotency-key']).toBe('outbox-42');
    expect(result).toMatchObject({ idempotencyKey: 'outbox-42', replayed: true, status: 201 });
  });

  it('uses a fresh key for each logical create', async () => {
    const server = await serve(json(201, contact));
    const api = client(server);
    const first = await api.contacts.create(newContact);
    const second = await api.contacts.create(newContact);
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
  });

  it('retries a keyed POST while an earlier attempt still holds the key (409 idempotency_key_in_use)', async () => {
    const inUse = envelope(409, { type: 'conflict', code: 'idempotency_key_in_use', message: 'Still running.' });
    const server = await serve(inUse, json(201, contact));
    await client(server).contacts.create(newContact);
    expect(server.seen).toHaveLength(2);
  });

  it('never retries a POST without a key, whatever the failure', async () => {
    const anyBody = z.unknown();
    for (const answer of [unavailable, drop, json(500, '')]) {
      const server = await serve(answer, json(200, {}));
      const call = client(server).request({ method: 'POST', path: '/members/resolve', body: {}, schema: anyBody });
      await expect(call).rejects.toMatchObject({ attempts: 1 });
      expect(server.seen).toHaveLength(1);
    }
  });

  it('never retries a PATCH, even on 500', async () => {
    const server = await serve(envelope(500, { type: 'api_error', code: 'internal_error', message: 'Oops.' }), json(200, contact));
    await expect(client(server).contacts.update(contact.id, { last_name: 'Li' })).rejects.toMatchObject({ status: 500 });
    expect(server.seen).toHaveLength(1);
  });

  it('does not retry a refusal that would only repeat (400, 404, 409 conflict)', async () => {
    const refusals = [
      envelope(400, { type: 'invalid_request', code: 'invalid_param', message: 'Bad.', param: 'limit' }),
      envelope(404, { type: 'not_found', code: 'resource_missing', message: 'No such contact.', param: 'id' }),
      envelope(409, { type: 'conflict', code: 'phone_taken', message: 'Taken.' }),
    ];
    for (const refusal of refusals) {
      const server = await serve(refusal, json(200, contact));
      await expect(client(server).contacts.get(contact.id)).rejects.toBeInstanceOf(ApiRequestError);
      expect(server.seen).toHaveLength(1);
    }
  });

  it('stops after the configured number of retries, and retries: 0 disables them', async () => {
    const server = await serve(unavailable);
    await expect(client(server, { retries: 3 }).ping()).rejects.toMatchObject({ code: 'unavailable', attempts: 4 });
    expect(server.seen).toHaveLength(4);

    const once = await serve(unavailable);
    await expect(client(once).ping({ retries: 0 })).rejects.toMatchObject({ attempts: 1 });
    expect(once.seen).toHaveLength(1);
  });

  it('waits the Retry-After seconds before retrying', async () => {
    const server = await serve(envelope(429, { type: 'rate_limit', code: 'rate_limited', message: 'Slow down.' }, { 'retry-after': '1' }), json(200, keyIdentity));
    const started = Date.now();
    await client(server).ping();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.seen).toHaveLength(2);
  });

  it('gives up at once when Retry-After is beyond the longest wait, and says how long to wait', async () => {
    const server = await serve(envelope(429, { type: 'rate_limit', code: 'rate_limited', message: 'Slow down.' }, { 'retry-after': '60' }));
    const error = await client(server)
      .ping()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000, transient: true });
    expect(server.seen).toHaveLength(1);
  });

  it('times out a request that hangs, and retries it within the same budget per attempt', async () => {
    const server = await serve(hang, json(200, keyIdentity));
    await expect(client(server).ping({ timeoutMs: 500 })).resolves.toMatchObject({ company_id: 'co_1' });
    expect(server.seen).toHaveLength(2);

    const stuck = await serve(hang);
    const error = await client(stuck, { timeoutMs: 50 })
      .ping({ retries: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'timeout', attempts: 2 });
  });

  it('times out a body that stalls after the headers', async () => {
    const stalledBody = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"company_id":');
    });
    await expect(client(stalledBody).ping({ timeoutMs: 100, retries: 0 })).rejects.toMatchObject({ code: 'timeout' });
  });

  it('stops retrying when the caller aborts, waits included', async () => {
    const server = await serve(envelope(503, { type: 'api_error', code: 'unavailable', message: 'Down.' }, { 'retry-after': '1' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await client(server)
      .ping({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NetworkError', code: 'aborted' });
    expect(server.seen).toHaveLength(1);
  });
});
