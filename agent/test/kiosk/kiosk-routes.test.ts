import { request } from 'node:http';
import { contentSecurityPolicy } from '@studio/shared/kiosk-renderer';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../src/health.js';
import { kioskGet, kioskPost, type LocalAnswer } from '../helpers/kiosk-http.js';

/** A GET naming another Host, as a page reached by DNS rebinding would. */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the kiosk routes', () => {
  let stack: KioskStack;
  const seen: LocalAnswer[] = [];
  const get = async (path: string) => {
    const answer = await kioskGet(stack, path);
    seen.push(answer);
    return answer;
  };
  const post = async (path: string, body: unknown, raw?: { text: string; contentType?: string }) => {
    const answer = await kioskPost(stack, path, body, raw);
    seen.push(answer);
    return answer;
  };

  beforeAll(async () => {
    stack = await startKioskStack({ jobs: 'manual' });
  });
  afterAll(() => stack.close());

  it('rejects bad payloads with 400 in the envelope, and records nothing', async () => {
    const { openClass } = stack.seed;
    const { vera } = stack.seed.members;
    const cases: [string, unknown, { text: string; contentType?: string } | undefined, number, Record<string, unknown>][] = [
      ['/kiosk/api/check-in', { class_id: 'nope', contact_id: vera.contactId }, undefined, 400, { code: 'invalid_param', param: 'class_id' }],
      ['/kiosk/api/check-in', { class_id: openClass.id }, undefined, 400, { code: 'missing_field', param: 'contact_id' }],
      ['/kiosk/api/check-in', { class_id: openClass.id, contact_id: vera.contactId, name: 'x' }, undefined, 400, { code: 'parameter_unknown', param: 'name' }],
      ['/kiosk/api/check-in', [openClass.id], undefined, 400, { code: 'invalid_param', param: 'body' }],
      ['/kiosk/api/check-in', null, { text: '{"class_id":' }, 400, { code: 'invalid_json' }],
      ['/kiosk/api/check-in', null, { text: JSON.stringify({ class_id: openClass.id, contact_id: vera.contactId }), contentType: 'text/plain' }, 415, { code: 'unsupported_media_type' }],
      ['/kiosk/api/check-in', null, { text: JSON.stringify({ pad: 'x'.repeat(20_000) }) }, 413, { code: 'request_too_large' }],
      // Nested 2,500 deep within the size limit: refused for its depth before it is parsed (issue 30, N5).
      ['/kiosk/api/check-in', null, { text: `${'{"a":'.repeat(2500)}1${'}'.repeat(2500)}` }, 400, { code: 'invalid_json', param: 'body' }],
      ['/kiosk/api/scan-target', { class_id: 42 }, undefined, 400, { code: 'invalid_param', param: 'class_id' }],
      ['/kiosk/api/scan-target', {}, undefined, 400, { code: 'missing_field', param: 'class_id' }],
    ];
    for (const [path, body, raw, status, error] of cases) {
      const answer = await post(path, body, raw);
      expect({ path, status: answer.status, error: answer.body.error }).toEqual({ path, status, error: expect.objectContaining({ type: 'invalid_request', message: expect.any(String), ...error }) });
    }
    expect((await get('/kiosk/api/class')).body.error).toMatchObject({ code: 'missing_field', param: 'id' });
    expect((await get('/kiosk/api/class?id=12')).body.error).toMatchObject({ code: 'invalid_param', param: 'id' });
    expect((await get('/kiosk/api/class?id=1&x=2')).status).toBe(400);

    const stranger = '00000000-0000-4000-8000-00000000dead';
    const unknownClass = await get(`/kiosk/api/class?id=${stranger}`);
    expect(unknownClass).toMatchObject({ status: 404, body: { error: { type: 'not_found', code: 'resource_missing', param: 'id' } } });
    expect((await post('/kiosk/api/check-in', { class_id: stranger, contact_id: vera.contactId })).body.error).toMatchObject({ code: 'resource_missing', param: 'class_id' });
    expect((await post('/kiosk/api/scan-target', { class_id: stranger })).status).toBe(404);
    expect((await get('/kiosk/api/nothing')).status).toBe(404);

    expect((await stack.serverRoster(openClass.id)).map((r) => r.status)).toEqual(['reserved', 'reserved']);
    expect(((await get('/health')).body as HealthReport).kiosk?.outbox).toMatchObject({ pending: 0, sent: 0, rejected: 0 });
  });

  it('serves the renderer under /kiosk/ with its Content-Security-Policy', async () => {
    const redirect = await fetch(`${stack.localApiUrl}/kiosk`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/kiosk/');
    const page = await get('/kiosk/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(page.body).toContain('<script type="module" src="app.js"></script>');
    const script = await get('/kiosk/app.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect((await get('/kiosk/app.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('/kiosk/missing.js')).body.error).toMatchObject({ code: 'route_not_found' });
  });

  it('answers only requests that name a loopback host', async () => {
    const { port } = new URL(stack.localApiUrl);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) expect((await getWithHost(`${stack.localApiUrl}/kiosk/api/status`, host)).status).toBe(200);
    for (const path of ['/kiosk/api/status', '/kiosk/api/classes', '/kiosk/api/events', '/kiosk/']) {
      const refused = await getWithHost(`${stack.localApiUrl}${path}`, `kiosk.attacker.example:${port}`);
      expect({ path, status: refused.status }).toEqual({ path, status: 400 });
      expect(JSON.parse(refused.body).error).toMatchObject({ code: 'invalid_param', param: 'Host' });
    }
  });

  it('never answers with the API key or a card number', async () => {
    seen.push(await get('/kiosk/api/classes'), await get(`/kiosk/api/class?id=${stack.seed.openClass.id}`), await get('/kiosk/api/status'), await get('/health'));
    const text = seen.map((answer) => (typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))).join('\n');
    expect(text).not.toContain(stack.apiKey.split('_').pop()!);
    for (const member of Object.values(stack.seed.members)) {
      expect(text).not.toContain(member.card);
      expect(text).not.toContain(member.lastName);
    }
  });
});
