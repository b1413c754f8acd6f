import { describe, expect, it } from 'vitest';
import { ApiRequestError, createHttpClient, errorFromEnvelope } from '../src/api/http.ts';

interface Seen {
  url: string;
  init: RequestInit;
}

function recorder(answer: () => Response) {
  const seen: Seen[] = [];
  const client = createHttpClient(async (url, init) => {
    seen.push({ url, init });
    return answer();
  });
  return { client, seen };
}

const headersOf = (seen: Seen) => seen.init.headers as Record<string, string>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the fetch wrapper', () => {
  it('sends the CSRF token on every write, same-origin, with a JSON body', async () => {
    const { client, seen } = recorder(() => json(200, { ok: true }));
    client.setCsrfToken('token-1');
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) await client.request('/x', { method, body: { a: 1 } });
    expect(seen.map((s) => headersOf(s)['X-CSRF-Token'])).toEqual(['token-1', 'token-1', 'token-1']);
    expect(seen[0]?.url).toBe('/app/api/x');
    expect(seen[0]?.init.credentials).toBe('same-origin');
    expect(seen[0]?.init.body).toBe('{"a":1}');
    expect(headersOf(seen[0]!)['Content-Type']).toBe('application/json');
  });

  it('does not send the CSRF token on a read, nor before a session is known', async () => {
    const { client, seen } = recorder(() => json(200, {}));
    await client.request('/v1/contacts');
    client.setCsrfToken('token-1');
    await client.request('/v1/contacts');
    client.setCsrfToken(null);
    await client.request('/sign-in', { method: 'POST', body: {} });
    expect(seen.map((s) => headersOf(s)['X-CSRF-Token'])).toEqual([undefined, undefined, undefined]);
  });

  it('sends the Idempotency-Key it is given', async () => {
    const { client, seen } = recorder(() => json(201, {}));
    await client.request('/v1/contacts/c/memberships', { method: 'POST', body: {}, idempotencyKey: 'attempt-1' });
    expect(headersOf(seen[0]!)['Idempotency-Key']).toBe('attempt-1');
  });

  it('answers the parsed body, and undefined for 204', async () => {
    expect(await recorder(() => json(200, { data: [1] })).client.request('/x')).toEqual({ data: [1] });
    expect(await recorder(() => new Response(null, { status: 204 })).client.request('/x', { method: 'POST' })).toBeUndefined();
  });

  it("turns the API's error envelope into an ApiRequestError with code, message, param and request id", async () => {
    const { client } = recorder(() => json(400, { error: { type: 'invalid_request', code: 'invalid_param', message: 'Enter a valid email.', param: 'email', request_id: 'req_1' } }));
    const error = await client.request('/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_param', message: 'Enter a valid email.', param: 'email', requestId: 'req_1' });
  });

  it('reads refusal reasons from details (web endpoints) or from the error itself (API)', () => {
    const web = errorFromEnvelope(422, { error: { code: 'checkin_blocked', message: 'Payment past due', request_id: 'r', details: { reasons: ['past_due'] } } });
    const api = errorFromEnvelope(422, { error: { code: 'checkin_blocked', message: 'Payment past due', request_id: 'r', reasons: ['past_due', 'form_missing'] } });
    expect(web.reasons).toEqual(['past_due']);
    expect(api.reasons).toEqual(['past_due', 'form_missing']);
  });

  it('says the server cannot be reached when the network fails or the answer is not our envelope', async () => {
    const down = createHttpClient(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(down.request('/x')).rejects.toMatchObject({ code: 'network_error', status: 0 });
    const proxy = recorder(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'gw-1' } }));
    await expect(proxy.client.request('/x')).rejects.toMatchObject({ code: 'server_unreachable', status: 502, requestId: 'gw-1' });
  });

  it('lets an aborted (stale) request stay an abort, not an error to show', async () => {
    const aborted = createHttpClient(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(aborted.request('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
