import { FakeReader, FakeRelay } from '@studio/testkit/agent/fake-devices';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { agentConfig, tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../src/agent.js';
import { AgentConfigSchema } from '../src/config/schema.js';
import type { DeskReadOutcome } from '../src/desk/desk-readers.js';

/** Issue 17: a reader configured for enrolment reports reads to the server as desk scans, opens nothing, logs no number. */
describe('a desk reader for card enrolment', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  let agent: Agent;
  const desk = new FakeReader('desk');
  const gateReader = new FakeReader('gate');
  const relay = new FakeRelay('k1');
  const outcomes: DeskReadOutcome[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    studio = await startStudioServer();
    temp = tempDir();
    const logger = pino({ level: 'debug' }, { write: (line: string) => logged.push(line) });
    agent = createAgent(
      agentConfig(`${temp.dir}/agent.db`, {
        // The agent's turnstile key; its desk reader reports with a desk reader's key of its own (issue 29).
        server: { url: studio.proxy.url, api_key: await studio.deviceKey('front-desk') },
        location_id: studio.locationId,
        device_id: 'front-desk',
        budgets: { online_decision_ms: 1500 },
        lanes: [{ id: 'gate', reader: 'gate', relay: 'k1', kind: 'turnstile', direction: 'in' }],
        desk: { readers: ['desk'], api_key: await studio.deviceKey('front-desk:desk', 'desk_reader') },
      }),
      { logger, devices: { readers: [desk, gateReader], relays: [relay], sensors: [] }, onDeskRead: (outcome) => outcomes.push(outcome) },
    );
    await agent.start();
  });
  afterAll(async () => {
    await agent?.stop();
    await studio?.close();
    temp?.remove();
  });

  const read = async (identifier: string) => {
    const before = outcomes.length;
    desk.present(identifier);
    for (let i = 0; i < 200 && outcomes.length === before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return outcomes[before];
  };

  it('reports an unknown card as a desk scan and a held one as held, never opening the relay nor checking in', async () => {
    const held = await studio.build.member({ cards: [{ value: '3000000077' }] });
    expect(await read('B2D05E99')).toEqual({ readerId: 'desk', outcome: 'unknown', code: null });
    expect(await read('3000000077')).toEqual({ readerId: 'desk', outcome: 'held', code: null });
    const scans = await studio.f.db.all(studio.f.db.qb.selectFrom('desk_scans').select(['device_id', 'last_four']).where('location_id', '=', studio.locationId));
    expect(scans).toEqual([{ device_id: 'front-desk:desk', last_four: '5E99' }]);
    expect(relay.pulses).toEqual([]);
    expect(await studio.visitsOf(held.membershipId)).toHaveLength(0);
    const text = logged.join('');
    expect(text).toContain('desk.scan');
    expect(text).not.toContain('B2D05E99');
    expect(text).not.toContain('3000000077');
  });

  it('refuses a config whose desk reader drives a lane or does not exist', () => {
    const config = {
      version: 1,
      server: { url: 'http://127.0.0.1:3000/v1', api_key: 'k' },
      location_id: '00000000-0000-4000-8000-000000000001',
      device_id: 'desk-1',
      devices: { readers: [{ id: 'r1', driver: 'stdin' }], relays: [{ id: 'k1', driver: 'log' }] },
      lanes: [{ id: 'l1', reader: 'r1', relay: 'k1' }],
      desk: { readers: ['r1', 'nope'] },
    };
    const problems = AgentConfigSchema.safeParse(config).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems).toEqual(['desk.readers.0: reader "r1" drives a lane; a desk reader must never open a door', 'desk.readers.1: no reader "nope" in devices.readers']);
  });
});
