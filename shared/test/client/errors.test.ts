import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, createStudioClient, InvalidResponseError, NetworkError, StudioClientError } from '../../src/client/index.js';
import { apiKey, contact, useScriptedServers } from './fixtures.js';
import { closedPort, envelope, json } from './scripted-server.js';

const { serve, client } = useScriptedServers();

describe('errors', () => {
  it('turns the envelope into a typed error with type, code, param, reasons and request id', async () => {
    const server = await serve(
      envelope(422, {
        type: 'invalid_request',
        code: 'checkin_blocked',
        message: 'Check-in blocked: past due.',
        param: 'contact_id',
        request_id: 'req_123',
        reasons: ['past_due', 'form_missing'],
      }),
    );
    const error = await client(server)
      .contacts.get(contact.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toBeInstanceOf(StudioClientError);
    expect(error).toMatchObject({
      status: 422,
      type: 'invalid_request',
      code: 'checkin_blocked',
      message: 'Check-in blocked: past due.',
      param: 'contact_id',
      requestId: 'req_123',
      reasons: ['past_due', 'form_missing'],
      method: 'GET',
      path: `/contacts/${contact.id}`,
      attempts: 1,
      transient: false,
    });
  });

  it('passes on a code this build does not know', async () => {
    const server = await serve(envelope(409, { type: 'conflict', code: 'brand_new_rule', message: 'New.' }));
    await expect(client(server).contacts.get(contact.id)).rejects.toMatchObject({ code: 'brand_new_rule', type: 'conflict' });
  });

  it('falls back on the status when the body is not the envelope', async () => {
    const server = await serve((res) => {
      res.writeHead(403, { 'content-type': 'text/html', 'request-id': 'req_proxy' });
      res.end('<h1>Forbidden</h1>');
    });
    const error = await client(server)
      .contacts.get(contact.id)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, type: 'permission', code: 'http_error', requestId: 'req_proxy', param: undefined });
    expect((error as Error).message).toContain('HTTP 403');
  });

  it('rejects a 2xx body that is not JSON with invalid_response', async () => {
    const server = await serve(json(200, '{"id": oops'));
    const error = await client(server)
      .contacts.get(contact.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ code: 'invalid_response', status: 200, requestId: 'req_test' });
  });

  it('rejects a 2xx body that does not match the schema, naming the fields', async () => {
    const server = await serve(json(200, { ...contact, id: 'not-a-uuid', created_at: 7 }));
    const error = await client(server)
      .contacts.get(contact.id)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response' });
    expect((error as Error).message).toMatch(/id: .*created_at: /s);
  });

  it('tells an unreachable server apart from a refusal', async () => {
    const port = await closedPort();
    const api = createStudioClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey, retries: 1, backoff: { baseDelayMs: 1 } });
    const error = await api.ping().catch((e: unknown) => e);
    await api.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'network_error', attempts: 2 });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('never shows the API key, even when the server echoes it', async () => {
    const server = await serve(envelope(401, { type: 'authentication', code: 'invalid_api_key', message: `Unknown key ${apiKey}.` }));
    const port = await closedPort();
    const errors = [
      await client(server)
        .ping()
        .catch((e: unknown) => e),
      await client(server, { baseUrl: `http://127.0.0.1:${port}/v1`, retries: 0 })
        .ping()
        .catch((e: unknown) => e),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(StudioClientError);
      for (const text of [String(error), (error as Error).message, (error as Error).stack, inspect(error, { depth: 5 }), JSON.stringify(error)]) {
        expect(text).not.toContain(apiKey);
        expect(text).not.toContain(apiKey.slice(-12));
      }
    }
    expect((errors[0] as Error).message).toBe('Unknown key [redacted].');
    expect(inspect(client(server), { depth: 5 })).not.toContain(apiKey);
  });

  it('logs retries without the key', async () => {
    const lines: unknown[] = [];
    const logger = { debug: (fields: object, message: string) => lines.push(fields, message), warn: (fields: object, message: string) => lines.push(fields, message) };
    const server = await serve(envelope(503, { type: 'api_error', code: 'unavailable', message: 'Down.' }), json(200, contact));
    await client(server, { logger }).contacts.get(contact.id);
    expect(lines).toContainEqual(expect.objectContaining({ method: 'GET', attempt: 1, code: 'unavailable' }));
    expect(lines).toContain('api call failed, retrying');
    expect(JSON.stringify(lines)).not.toContain(apiKey);
  });
});
