import { EmulatedDevicePort } from '@studio/testkit/agent/emulated-port';
import { FakeReader } from '@studio/testkit/agent/fake-devices';
import { startPtyPair, type PtyPair } from '@studio/testkit/agent/socat';
import { agentConfig, tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent, type Agent } from '../../../src/agent.js';
import { lcusAllOffCommands } from '../../../src/devices/serial/lcus-protocol.js';
import { createLcusRelay } from '../../../src/devices/serial/lcus-relay.js';

// The bytes an LCUS board on a real pty receives while the whole agent starts: the relay's own
// connect (the supervisor's all-off on every fresh connection) and the agent's start-up.
const waitFor = { timeout: 10_000, interval: 10 };
const allOff = (channels: number) => lcusAllOffCommands(channels).flatMap((command) => [...command]);

let pair: PtyPair;
let emulator: EmulatedDevicePort;
let temp: ReturnType<typeof tempDir>;
let agent: Agent | null = null;

beforeEach(async () => {
  pair = await startPtyPair('relay-connect');
  emulator = await EmulatedDevicePort.open(pair.a);
  temp = tempDir();
});

afterEach(async () => {
  await agent?.stop();
  agent = null;
  await emulator.close();
  await pair.close();
  temp.remove();
});

function agentWithLcus(boardChannels: number): Agent {
  const relay = createLcusRelay({
    id: 'relay-1',
    serial: { path: pair.b, baudRate: 9600 },
    channel: 1,
    boardChannels,
    commandGapMs: 0,
    maxOnMs: 30_000,
    guardGraceMs: 1000,
    writeTimeoutMs: 2000,
    logger: pino({ level: 'silent' }),
    backoff: { baseMs: 20, capMs: 200 },
  });
  const server = { resolve: async () => null } as never; // no scan is made here
  return createAgent(agentConfig(`${temp.dir}/agent.db`), { logger: pino({ level: 'silent' }), devices: { readers: [new FakeReader('reader-1')], relays: [relay], sensors: [] }, server });
}

describe('a relay at connect', () => {
  it('receives all-off exactly once when the agent starts', async () => {
    agent = agentWithLcus(2);
    await agent.start();
    await vi.waitFor(() => expect([...emulator.bytes()]).toEqual(allOff(2)), waitFor);
    // Nothing else follows: give a second all-off the time it would need to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...emulator.bytes()]).toEqual(allOff(2));
  });

  it('receives all-off exactly once when the agent stops', async () => {
    agent = agentWithLcus(1);
    await agent.start();
    await vi.waitFor(() => expect([...emulator.bytes()]).toEqual(allOff(1)), waitFor);
    emulator.received.length = 0;
    await agent.stop();
    agent = null;
    await vi.waitFor(() => expect([...emulator.bytes()]).toEqual(allOff(1)), waitFor);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...emulator.bytes()]).toEqual(allOff(1));
  });
});
