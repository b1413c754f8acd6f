import { request } from 'node:http';
import { FakeRelay } from '@studio/testkit/agent/fake-devices';
import { agentConfig, tempDir, testAgent, type TestAgent } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DecisionEvent } from '../../src/runtime/events.js';
import { pino } from 'pino';
import { createAgent, type Agent } from '../../src/agent.js';
import { createSerialReader } from '../../src/devices/serial/serial-reader.js';
import { rdm6300Format } from '../../src/devices/serial/stx-hex-frames.js';
import type { HealthReport } from '../../src/health.js';
import { defaultStreamLimits } from '../../src/local-api/event-stream.js';
import { MockBinding, wrappedMockBinding } from '../devices/helpers/mock-binding.js';
import { FakeStudio } from '../helpers/fake-studio.js';
import { readEvents } from '../helpers/sse.js';

/** A GET naming `host` as its Host header (fetch sends the URL's); a stream's body is not waited for. */
function getNaming(port: number, path: string, host: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      if (res.headers['content-type'] === 'text/event-stream') {
        res.destroy();
        return resolve({ status: res.statusCode!, headers: res.headers, body: '' });
      }
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

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
      voids: { refused: 0, refused_rows: [] },
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
    expect(events.map((e) => [e.granted, e.reason])).toEqual([
      [true, null],
      [false, 'past_due'],
    ]);
    expect(JSON.stringify(events)).not.toContain('1000000001');
  });

  it('refuses /health, /metrics and /events to a request naming another host (DNS rebinding), in the envelope', async () => {
    const port = t.agent.localApi!.address()!.port;
    for (const path of ['/health', '/metrics', '/events', '/nope']) {
      for (const host of [`evil.example:${port}`, 'rebind.attacker.test', `127.0.0.1.nip.io:${port}`]) {
        const answer = await getNaming(port, path, host);
        expect(answer.status, `${path} ${host}`).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'invalid_param', param: 'Host' } });
        expect(answer.body).not.toContain('gate-1');
      }
    }
  });

  it('answers a request naming localhost or an IP address (a LAN scraper uses the box’s IP)', async () => {
    const port = t.agent.localApi!.address()!.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, '10.0.0.5:8787', '192.168.1.20']) {
      expect((await getNaming(port, '/health', host)).status, host).toBe(200);
      expect((await getNaming(port, '/metrics', host)).status, host).toBe(200);
      expect((await getNaming(port, '/events', host)).status, host).toBe(200);
    }
  });

  it(`opens at most ${defaultStreamLimits.perClient} event streams to one client; the next gets 503 with Retry-After, and a freed slot is taken again`, async () => {
    const streams: Response[] = [];
    for (let i = 0; i < defaultStreamLimits.perClient; i += 1) streams.push(await fetch(`${base}/events`));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const refused = await fetch(`${base}/events`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toMatchObject({ error: { type: 'api_error', code: 'unavailable' } });
    // The health report and metrics are not streams: still answered.
    expect((await fetch(`${base}/health`)).status).toBe(200);

    await streams.pop()!.body!.cancel();
    await vi.waitFor(async () => {
      const again = await fetch(`${base}/events`);
      expect(again.status).toBe(200);
      streams.push(again);
    });
    expect((await fetch(`${base}/events`)).status).toBe(503);
    for (const stream of streams) await stream.body!.cancel();
  });

  it('answers an unknown route with the error envelope', async () => {
    const answer = await fetch(`${base}/nope`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });
});

describe('the local API with a reader that cannot parse its input', () => {
  let temp: ReturnType<typeof tempDir>;
  let agent: Agent;
  let mock: ReturnType<typeof wrappedMockBinding>;
  let reader: ReturnType<typeof createSerialReader>;

  beforeEach(async () => {
    temp = tempDir();
    MockBinding.createPort('/dev/ttyDESK');
    mock = wrappedMockBinding();
    reader = createSerialReader({
      id: 'reader-1',
      driver: 'rdm6300',
      serial: { path: '/dev/ttyDESK', baudRate: 9600, binding: mock.binding },
      decoding: { kind: 'frames', format: rdm6300Format },
      debounceMs: 0,
      logger: pino({ level: 'silent' }),
    });
    const studio = new FakeStudio();
    const config = agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId, local_api: { enabled: true, host: '127.0.0.1', port: 0 } });
    agent = createAgent(config, { logger: pino({ level: 'silent' }), devices: { readers: [reader], relays: [new FakeRelay('relay-1')], sensors: [] }, server: studio });
    await agent.start();
    await agent.syncFeedNow();
  });
  afterEach(async () => {
    await agent.stop();
    MockBinding.reset();
    temp.remove();
  });

  it('GET /health shows the reader degraded with its hint, and the agent degraded', async () => {
    const base = `http://127.0.0.1:${agent.localApi!.address()!.port}`;
    const health = async () => (await (await fetch(`${base}/health`)).json()) as HealthReport;
    expect(await health()).toMatchObject({ status: 'ok', devices: [expect.objectContaining({ id: 'reader-1', state: 'ok', hint: null }), expect.anything()] });
    for (let i = 0; i < 3; i += 1) {
      mock.lastPort()!.emitData('0009334109\r\n'); // a line reader's output on the rdm6300 driver
      await vi.waitFor(() => expect(reader.stats().rejected).toBe(i + 1));
    }
    await vi.waitFor(async () => expect((await health()).devices[0]).toMatchObject({ id: 'reader-1', state: 'degraded' }));
    const report = await health();
    expect(report.status).toBe('degraded');
    expect(report.devices[0]!.hint).toBe("3 unreadable frames or lines since the last good read: check the reader's driver, baud rate and line ending");
    expect(JSON.stringify(report)).not.toContain('0009334109');
  });
});
