import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../src/modules/keys/repository.js';
import { auditLog } from '../../../src/modules/staff-accounts/audit.js';
import { password, webStudio, type Browser, type WebRequest } from '../../web/web-studio.js';
import { deliveryTo, endpointOf } from './webhook-data.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/**
 * A staff member's changes to webhook endpoints follow one rule whatever the mount
 * (modules/webhooks/endpoints/staff-changes.ts): an owner, the password again for every write to an
 * endpoint (make, edit, enable, disable, rotate, delete), and an audit entry. The API's routes
 * mounted for staff sessions (/app/api/v1) take no password, so a session there is refused every
 * endpoint write, and writes nothing. A test event and a resend are deliveries: owner-only, audited.
 */
describe.each(dialects)('webhook endpoint changes by staff, on every mount (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    s = await webStudio(suite.db);
  }, 60_000);
  afterAll(() => s.app.close());

  const endpointRow = (id: string) => suite.db.first(suite.db.qb.selectFrom('webhook_endpoints').selectAll().where('id', '=', id));
  const endpointCount = async () => (await suite.db.all(suite.db.qb.selectFrom('webhook_endpoints').select('id').where('company_id', '=', s.studio.companyId))).length;
  const webhookAudit = async () => (await auditLog(suite.db, s.studio.companyId)).filter((entry) => entry.action.startsWith('webhook_'));
  const codeOf = (response: { statusCode: number; json<T>(): T }) => (response.statusCode >= 400 ? response.json<{ error: { code: string; message: string } }>().error : undefined);

  /** Every write of /v1/webhook_endpoints (each needs the password), as a staff session sends them on /app/api/v1. */
  const endpointWrites = (endpoint: string, doomed: string): (Omit<WebRequest, 'as'> & { name: string })[] => [
    { name: 'create', method: 'POST', url: '/app/api/v1/webhook_endpoints', body: { url: 'https://attacker.example/hooks', event_types: ['*'] } },
    { name: 'rotate', method: 'POST', url: `/app/api/v1/webhook_endpoints/${endpoint}/rotate_secret` },
    { name: 'delete', method: 'DELETE', url: `/app/api/v1/webhook_endpoints/${doomed}` },
    { name: 'change url', method: 'PATCH', url: `/app/api/v1/webhook_endpoints/${endpoint}`, body: { url: 'https://attacker.example/hooks' } },
    { name: 'change event types', method: 'PATCH', url: `/app/api/v1/webhook_endpoints/${endpoint}`, body: { event_types: ['member.checked_in'] } },
    { name: 'disable', method: 'PATCH', url: `/app/api/v1/webhook_endpoints/${endpoint}`, body: { enabled: false } },
    { name: 'enable', method: 'PATCH', url: `/app/api/v1/webhook_endpoints/${endpoint}`, body: { enabled: true } },
    { name: 'describe', method: 'PATCH', url: `/app/api/v1/webhook_endpoints/${endpoint}`, body: { description: 'Paused' } },
  ];

  it('refuses an owner, a manager and a front desk every endpoint write on /app/api/v1, enabling and disabling included, writing nothing and no audit entry', async () => {
    const endpoint = await endpointOf(suite.db, s.studio.companyId);
    const doomed = await endpointOf(suite.db, s.studio.companyId);
    const before = { row: await endpointRow(endpoint.id), count: await endpointCount(), audit: (await webhookAudit()).length };
    const sessions: [string, Browser, string][] = [
      ['owner', await s.signIn('olive@alder.example'), 'role_not_allowed'],
      ['manager', await s.signIn('mark@alder.example'), 'role_not_allowed'],
      ['front desk', await s.signIn('dee@alder.example'), 'role_not_allowed'],
    ];
    const wrong: string[] = [];
    for (const [role, browser, code] of sessions) {
      for (const { name, ...request } of endpointWrites(endpoint.id, doomed.id)) {
        const response = await s.send({ ...request, as: browser });
        const error = codeOf(response);
        if (response.statusCode !== 403 || error?.code !== code) wrong.push(`${role} ${name}: ${response.statusCode} ${error?.code ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await endpointRow(endpoint.id)).toEqual(before.row);
    expect(await endpointRow(doomed.id)).toBeDefined();
    expect(await endpointCount()).toBe(before.count);
    expect((await webhookAudit()).length).toBe(before.audit);
  });

  it("tells the owner's session where to make the change instead, never naming a secret", async () => {
    const endpoint = await endpointOf(suite.db, s.studio.companyId);
    const owner = await s.signIn('olive@alder.example');
    for (const request of [
      { method: 'POST', url: `/app/api/v1/webhook_endpoints/${endpoint.id}/rotate_secret` },
      { method: 'PATCH', url: `/app/api/v1/webhook_endpoints/${endpoint.id}`, body: { enabled: false } },
    ] as const) {
      const response = await s.send({ ...request, as: owner });
      const error = codeOf(response)!;
      expect(error.message).toContain('Settings → Developers');
      expect(error.message).toContain('API key with write:webhooks');
      expect(response.body).not.toContain(endpoint.secret.slice(6));
    }
  });

  it('lets the owner send a test event and resend on /app/api/v1 (deliveries, not endpoint writes), each audited; a manager not at all', async () => {
    const endpoint = await endpointOf(suite.db, s.studio.companyId);
    const delivery = await deliveryTo(suite.db, s.studio.companyId, endpoint.id);
    const owner = await s.signIn('olive@alder.example');
    const manager = await s.signIn('mark@alder.example');
    const requests: Omit<WebRequest, 'as'>[] = [
      { method: 'POST', url: `/app/api/v1/webhook_endpoints/${endpoint.id}/send_test` },
      { method: 'POST', url: `/app/api/v1/webhook_deliveries/${delivery}/resend` },
    ];
    const before = (await webhookAudit()).length;
    for (const request of requests) {
      const refused = await s.send({ ...request, as: manager });
      expect([refused.statusCode, codeOf(refused)?.code], request.url).toEqual([403, 'role_not_allowed']);
    }
    expect((await webhookAudit()).length).toBe(before);
    for (const request of requests) expect((await s.send({ ...request, as: owner })).statusCode, request.url).toBeLessThan(300);
    const ownerId = s.owner.id;
    const entries = (await webhookAudit()).slice(0, requests.length);
    expect(entries.map((entry) => [entry.action, entry.actor_account_id]).sort()).toEqual(
      [
        ['webhook_test_sent', ownerId],
        ['webhook_delivery_resent', ownerId],
      ].sort(),
    );
  });

  it('makes, edits, disables, enables, rotates and deletes on the Developers page with the password, auditing each; a wrong or missing one changes nothing', async () => {
    const owner = await s.signIn('olive@alder.example');
    const made = await s.send({
      method: 'POST',
      url: '/app/api/developers/webhook_endpoints',
      as: owner,
      body: { environment: 'live', password, url: 'https://receiver.example/page', event_types: ['*'], description: '', enabled: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: string }>().id;
    const before = await endpointRow(id);
    const audited = (await webhookAudit()).length;
    const wrong = 'not the password';
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ url: 'https://attacker.example/hooks' }, 400, 'missing_field'],
      [{ enabled: false }, 400, 'missing_field'],
      [{ url: 'https://attacker.example/hooks', password: wrong }, 401, 'invalid_credentials'],
      [{ enabled: false, password: wrong }, 401, 'invalid_credentials'],
      [{ description: 'Paused', password: wrong }, 401, 'invalid_credentials'],
    ];
    for (const [body, status, code] of refusals) {
      const refused = await s.send({ method: 'PATCH', url: `/app/api/developers/webhook_endpoints/${id}`, as: owner, body });
      expect([refused.statusCode, codeOf(refused)?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await endpointRow(id)).toEqual(before);
    expect((await webhookAudit()).length).toBe(audited);
    // Three wrong passwords ask for a second's wait before the next try (staff-accounts/attempts.ts).
    s.clock.advance(1000);
    const steps: Omit<WebRequest, 'as'>[] = [
      { method: 'PATCH', url: `/app/api/developers/webhook_endpoints/${id}`, body: { url: 'https://receiver.example/moved', event_types: ['contact.created'], password } },
      { method: 'PATCH', url: `/app/api/developers/webhook_endpoints/${id}`, body: { enabled: false, password } },
      { method: 'PATCH', url: `/app/api/developers/webhook_endpoints/${id}`, body: { enabled: true, password } },
      { method: 'POST', url: `/app/api/developers/webhook_endpoints/${id}/rotate_secret`, body: { password } },
      { method: 'POST', url: `/app/api/developers/webhook_endpoints/${id}/delete`, body: { password } },
    ];
    for (const step of steps) expect((await s.send({ ...step, as: owner })).statusCode, step.url).toBe(200);
    const log = (await webhookAudit()).filter((entry) => entry.details?.includes(id));
    expect(log.map((entry) => entry.action).sort()).toEqual([
      'webhook_endpoint_created',
      'webhook_endpoint_deleted',
      'webhook_endpoint_updated',
      'webhook_endpoint_updated',
      'webhook_endpoint_updated',
      'webhook_secret_rotated',
    ]);
    expect(new Set(log.map((entry) => entry.actor_account_id))).toEqual(new Set([s.owner.id]));
    expect(JSON.stringify(log)).not.toContain('receiver.example');
  });

  it('serves an API key with write:webhooks as before: every change, no password, no staff audit entry', async () => {
    const { key } = await createKey(suite.db, { companyId: s.studio.companyId, scopes: ['write:webhooks'], locationIds: 'all' });
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      s.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    const before = (await webhookAudit()).length;
    const made = await send('POST', '/v1/webhook_endpoints', { url: 'https://receiver.example/key', event_types: ['*'] });
    expect(made.statusCode).toBe(201);
    const id = (JSON.parse(made.body) as { id: string }).id;
    expect((await send('PATCH', `/v1/webhook_endpoints/${id}`, { url: 'https://receiver.example/key-moved' })).statusCode).toBe(200);
    expect((await send('POST', `/v1/webhook_endpoints/${id}/rotate_secret`)).statusCode).toBe(200);
    expect((await send('DELETE', `/v1/webhook_endpoints/${id}`)).statusCode).toBe(200);
    expect(await endpointRow(id)).toBeUndefined();
    expect((await webhookAudit()).length).toBe(before);
  });
});
