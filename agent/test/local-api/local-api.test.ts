import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../src/events.js';
import { FakeStudio } from '../helpers/fake-studio.js';
import { readEvents } from '../helpers/sse.js';
import { agentConfig, tempDir, testAgent, type TestAgent } from '../helpers/test-agent.js';

describe('the local API', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let t: TestAgent;
  let base: string;

  beforeEach(async () => {
    temp = tempDir();
    studio = new FakeStudio();
    studio.addMember('1000000001');
    studio.addMember('1000000002', { status: 'past_due' });
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId, local_api: { enabled: true, host: '127.0.0.1', port: 0 } }), { server: studio });
    await t.agent.start();
    await t.agent.syncFeedNow();
    base = `http://127.0.0.1:${t.agent.localApi!.address()!.port}`;
  });
  afterEach(async () => {
    await t.agent.stop();
    temp.remove();
  });

  it('GET /health reports devices, cache, outbox and server contact', async () => {
    const answer = await fetch(`${base}/health`);
    expect(answer.status).toBe(200);
    const health = (await answer.json()) as { server: { last_contact_at: string | null } };
    expect(health).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      device_id: 'gate-1',
      database: { writable: true },
      cache: { rows: 2, stale: false },
      outbox: { pending: 0, rejected: 0, sent: 0, rejected_rows: [] },
      devices: [expect.objectContaining({ id: 'reader-1', kind: 'reader', state: 'ok' }), expect.objectContaining({ id: 'relay-1', kind: 'relay' })],
    });
    expect(health.server.last_contact_at).not.toBeNull();
  });

  it('GET /metrics counts scans, grants, denials by reason and offline decisions', async () => {
    await t.scan('1000000001');
    await t.scan('1000000002');
    studio.mode = 'down';
    await t.scan('1000000001');
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('studio_agent_scans_total{lane="front"} 3');
    expect(text).toContain('studio_agent_grants_total{lane="front",offline="false"} 1');
    expect(text).toContain('studio_agent_grants_total{lane="front",offline="true"} 1');
    expect(text).toContain('studio_agent_denials_total{lane="front",reason="past_due",offline="false"} 1');
    expect(text).toContain('studio_agent_offline_decisions_total 1');
    expect(text).toContain('studio_agent_outbox_depth{status="pending"} 1');
  });

  it('GET /events streams decisions to the kiosk, without the identifier', async () => {
    const stream = await fetch(`${base}/events`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const received = readEvents(stream.body!, 'decision', 2);
    await t.scan('1000000001');
    await t.scan('1000000002');
    const events = (await received) as DecisionEvent[];
    expect(events.map((e) => [e.granted, e.reason])).toEqual([[true, null], [false, 'past_due']]);
    expect(JSON.stringify(events)).not.toContain('1000000001');
  });

  it('answers an unknown route with the error envelope', async () => {
    const answer = await fetch(`${base}/nope`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });
});
