import type { DeviceHeartbeatReceived, DeviceHeartbeatRequest } from '@studio/shared';
import { ApiRequestError, NetworkError, type CallOptions } from '@studio/shared/client';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { agentConfig, tempDir, testAgent } from '@studio/testkit/agent/test-agent';
import { FakeReader } from '@studio/testkit/agent/fake-devices';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../src/agent.js';
import { Heartbeat, type HeartbeatServer } from '../src/heartbeat.js';
import { ServerContact } from '../src/link/server-contact.js';
import { FakeStudio } from './helpers/fake-studio.js';

const context = { method: 'POST', path: '/devices/heartbeat', attempts: 1 };
const apiKey = 'alder_sk_live_heartbeatsecret';
const staffCard = '0012345678';
const memberCard = '1000000001';

/** A heartbeat endpoint the test scripts: answers, refuses, fails, or never answers (until aborted). */
class ScriptedServer implements HeartbeatServer {
  readonly bodies: DeviceHeartbeatRequest[] = [];
  mode: 'answer' | 'refuse' | 'unreachable' | 'hang' = 'answer';

  async heartbeat(body: DeviceHeartbeatRequest, options?: CallOptions): Promise<DeviceHeartbeatReceived> {
    this.bodies.push(body);
    if (this.mode === 'refuse') {
      throw new ApiRequestError(
        'location_not_allowed',
        { status: 403, type: 'permission', code: 'location_not_allowed', param: 'location_id', requestId: undefined, reasons: undefined, retryAfterMs: undefined },
        context,
      );
    }
    if (this.mode === 'unreachable') throw new NetworkError('network_error', 'connect ECONNREFUSED', context);
    if (this.mode === 'hang') {
      await new Promise((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new NetworkError('timeout', 'timed out', context))));
    }
    return { device_id: body.device_id, received_at: new Date().toISOString() };
  }
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  for (let waited = 0; !check() && waited < ms; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('the heartbeat', () => {
  it('reports health, counts and times from GET /health and the config, on the injected clock, and never a key or a card number', async () => {
    const temp = tempDir();
    const studio = new FakeStudio();
    studio.addMember(memberCard);
    const server = new ScriptedServer();
    const now = new Date('2026-06-01T09:00:00.000Z');
    const config = agentConfig(`${temp.dir}/agent.db`, {
      server: { url: 'http://127.0.0.1:9/v1', api_key: apiKey },
      location_id: studio.locationId,
      device_id: 'north-gate',
      offline: { max_cache_age_s: 3600, staff_identifiers: [staffCard] },
    });
    const t = testAgent(config, { server: studio, heartbeatServer: server, now: () => now });
    try {
      await t.agent.start();
      await t.agent.syncFeedNow();
      const read = new Date('2026-06-01T08:59:30.000Z');
      t.reader.present(memberCard, read);
      await waitFor(() => t.relay.pulses.length === 1);
      await t.agent.heartbeatNow();
      const body = server.bodies.at(-1)!;
      expect(body).toEqual({
        location_id: studio.locationId,
        device_id: 'north-gate',
        agent_version: '0.1.0',
        status: 'ok',
        sent_at: '2026-06-01T09:00:00.000Z',
        devices: [
          { id: 'reader-1', kind: 'reader', driver: 'fake', state: 'ok', since: new Date(0).toISOString(), last_error: null, last_event_at: null, reconnects: 0, hint: null },
          { id: 'relay-1', kind: 'relay', driver: 'fake', state: 'ok', since: new Date(0).toISOString(), last_error: null, last_event_at: null, reconnects: 0, hint: null },
        ],
        outbox: { pending: 0, rejected: 0, oldest_pending_at: null },
        cache: { synced_at: '2026-06-01T09:00:00.000Z', age_s: 0, max_age_s: 3600, stale: false },
        last_scan_at: read.toISOString(),
        kiosk: null,
      });
      const text = JSON.stringify(server.bodies);
      for (const secret of [apiKey, staffCard, memberCard, '127.0.0.1:9']) expect(text).not.toContain(secret);
    } finally {
      await t.agent.stop();
      temp.remove();
    }
  });

  it('beats at start and on its interval, and a refusal, an unreachable server or a broken report is logged once per cause and ignored', async () => {
    const server = new ScriptedServer();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    let broken = false;
    const body = { device_id: 'north-gate' } as DeviceHeartbeatRequest;
    const heartbeat = new Heartbeat({
      server,
      contact: new ServerContact(() => new Date()),
      logger,
      report: () => {
        if (broken) throw new Error('database is closed');
        return body;
      },
      intervalMs: 30,
      timeoutMs: 200,
    });
    heartbeat.start();
    try {
      await waitFor(() => server.bodies.length >= 3);
      server.mode = 'refuse';
      const refusedFrom = server.bodies.length;
      await waitFor(() => server.bodies.length >= refusedFrom + 3);
      server.mode = 'unreachable';
      const unreachableFrom = server.bodies.length;
      await waitFor(() => server.bodies.length >= unreachableFrom + 3);
      broken = true;
      await heartbeat.beatNow();
      await heartbeat.beatNow();
      broken = false;
      server.mode = 'answer';
      await heartbeat.beatNow();
    } finally {
      await heartbeat.stop();
    }
    const events = lines.map((line) => JSON.parse(line) as { event?: string; code?: string; level: number });
    expect(events.filter((e) => e.event?.startsWith('heartbeat.')).map((e) => [e.event, e.code])).toEqual([
      ['heartbeat.failed', 'location_not_allowed'],
      ['heartbeat.failed', 'network_error'],
      ['heartbeat.failed', 'error'],
      ['heartbeat.delivered', undefined],
    ]);
    // A refusal says why; the agent's own failures say only their code.
    expect(lines.join('')).toContain('location_not_allowed');
    const after = server.bodies.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.bodies.length).toBe(after);
  });

  it('never holds the gate up: a server that never answers a heartbeat leaves scans decided at once', async () => {
    const temp = tempDir();
    const studio = new FakeStudio();
    studio.addMember(memberCard);
    const server = new ScriptedServer();
    server.mode = 'hang';
    const t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId, heartbeat: { interval_s: 0.05, timeout_ms: 5000 } }), { server: studio, heartbeatServer: server });
    try {
      await t.agent.start();
      await t.agent.syncFeedNow();
      await waitFor(() => server.bodies.length === 1);
      const started = Date.now();
      const decision = await t.scan(memberCard);
      expect(decision).toMatchObject({ granted: true, offline: false });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      // Stopping cuts the hung beat short rather than wait out its five seconds.
      const stopping = Date.now();
      await t.agent.stop();
      expect(Date.now() - stopping).toBeLessThan(2000);
      temp.remove();
    }
  });
});

describe('the heartbeat against the real server', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    studio = await startStudioServer();
    temp = tempDir();
  });
  afterAll(async () => {
    await studio?.close();
    temp?.remove();
  });

  it("is kept as the device's latest, with the kiosk's settings when it serves one", async () => {
    const reader = new FakeReader('kiosk-reader');
    const kioskKey = await studio.deviceKey('front-kiosk', 'kiosk');
    const agent = createAgent(
      agentConfig(`${temp.dir}/agent.db`, {
        server: { url: studio.proxy.url, api_key: kioskKey },
        location_id: studio.locationId,
        device_id: 'front-kiosk',
        lanes: [],
        local_api: { enabled: true, host: '127.0.0.1', port: 0 },
        kiosk: { enabled: true, reader: 'kiosk-reader', refresh_s: 3600 },
      }),
      { logger: pino({ level: 'silent' }), devices: { readers: [reader], relays: [], sensors: [] } },
    );
    try {
      await agent.start();
      await agent.heartbeatNow();
      const row = await studio.f.db.first(studio.f.db.qb.selectFrom('device_heartbeats').selectAll().where('device_id', '=', 'front-kiosk'));
      expect(row).toMatchObject({ location_id: studio.locationId, agent_version: '0.1.0' });
      const report = JSON.parse(row!.report) as DeviceHeartbeatRequest;
      expect(report.kiosk).toMatchObject({ reader: 'kiosk-reader', horizon_hours: 3, refresh_s: 3600, checkin_opens_min: 30, online_budget_ms: 2000 });
      expect(report.devices.map((d) => [d.id, d.kind])).toEqual([['kiosk-reader', 'reader']]);
      expect(row!.report).not.toContain(kioskKey);
    } finally {
      await agent.stop();
    }
  });
});
