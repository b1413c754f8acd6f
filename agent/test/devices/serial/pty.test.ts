import { EmulatedDevicePort } from '@studio/testkit/agent/emulated-port';
import { rdm6300Frame } from '@studio/testkit/agent/frames';
import { startPtyPair, type PtyPair } from '@studio/testkit/agent/socat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DevicesConfig } from '../../../src/devices/config.js';
import { createDevices } from '../../../src/devices/factory/factory.js';
import { createLcusRelay } from '../../../src/devices/serial/lcus-relay.js';
import { createSerialReader } from '../../../src/devices/serial/serial-reader.js';
import { rdm6300Format } from '../../../src/devices/serial/stx-hex-frames.js';
import type { CardRead, Device } from '../../../src/devices/types.js';
import { silentLogger } from '../helpers/logs.js';

// Real pseudo-terminals (docs/hardware.md §4.4): the agent's drivers on `b`, an emulated device on `a`.
// Backoff is shortened so the replug tests don't wait 30 s; the clock is the real one.
const fastBackoff = { baseMs: 20, capMs: 200 };
const waitFor = { timeout: 10_000, interval: 10 };

let pair: PtyPair;
let emulator: EmulatedDevicePort | null = null;
let device: Device | null = null;

beforeEach(async () => {
  pair = await startPtyPair('devices');
});

afterEach(async () => {
  await device?.stop();
  await emulator?.close();
  await pair.close();
  device = null;
  emulator = null;
});

async function replug(): Promise<void> {
  await emulator?.close();
  await pair.kill();
  await vi.waitFor(() => expect(device?.health().state).not.toBe('ok'), waitFor);
  await pair.start();
  emulator = await EmulatedDevicePort.open(pair.a);
  await vi.waitFor(() => expect(device?.health().state).toBe('ok'), waitFor);
}

const rdmReaderOn = (path: string) =>
  createSerialReader({
    id: 'rdm',
    driver: 'rdm6300',
    serial: { path, baudRate: 9600 },
    decoding: { kind: 'frames', format: rdm6300Format },
    debounceMs: 0,
    logger: silentLogger,
    backoff: fastBackoff,
  });

describe('rdm6300 reader on a pty', () => {
  it('emits the identifier an emulated RDM6300 sends, and again after socat is killed and restarted', async () => {
    const reader = rdmReaderOn(pair.b);
    device = reader;
    const reads: CardRead[] = [];
    reader.onRead((read) => reads.push(read));
    await reader.start();
    expect(reader.health().state).toBe('ok');
    emulator = await EmulatedDevicePort.open(pair.a);

    // Split across writes, with noise first: the pty delivers it in whatever chunks it likes.
    const frame = rdm6300Frame('0A008E6D5D');
    await emulator.send(Buffer.concat([Buffer.from([0xff, 0x13]), frame.subarray(0, 5)]));
    await emulator.send(frame.subarray(5));
    await vi.waitFor(() => expect(reads.map((r) => r.identifier)).toEqual(['0A008E6D5D']), waitFor);

    await replug();
    expect(reader.health().reconnects).toBe(1);
    await emulator!.send(rdm6300Frame('1122334455'));
    await vi.waitFor(() => expect(reads.map((r) => r.identifier)).toEqual(['0A008E6D5D', '1122334455']), waitFor);
  });

  it('notices every unplug, also mid-frame, and reads again after each replug', async () => {
    const reader = rdmReaderOn(pair.b);
    device = reader;
    const reads: CardRead[] = [];
    reader.onRead((read) => reads.push(read));
    await reader.start();
    emulator = await EmulatedDevicePort.open(pair.a);
    for (let cycle = 1; cycle <= 5; cycle++) {
      await emulator!.send(rdm6300Frame('1122334455').subarray(0, 6));
      await replug();
      expect(reader.health().reconnects).toBe(cycle);
      await emulator!.send(rdm6300Frame('1122334455'));
      await vi.waitFor(() => expect(reads).toHaveLength(cycle), waitFor);
    }
  });

  it('starts unavailable when the port is not there, then opens once it appears', async () => {
    await pair.kill();
    const reader = rdmReaderOn(pair.b);
    device = reader;
    await reader.start();
    expect(reader.health().state).toBe('unavailable');
    expect(reader.health().lastError).toContain('No such file or directory');
    await pair.start();
    await vi.waitFor(() => expect(reader.health().state).toBe('ok'), waitFor);
  });
});

describe('readers built from the default config, on a pty', () => {
  const readerFromConfig = (reader: Record<string, unknown>) => {
    const devices = createDevices(DevicesConfig.parse({ readers: [{ id: 'desk', path: pair.b, ...reader }] }), { logger: silentLogger, backoff: fastBackoff });
    const created = devices.readers[0]!;
    device = created;
    const reads: CardRead[] = [];
    created.onRead((read) => reads.push(read));
    return { reader: created, reads };
  };

  it('serial-line: a reader ending its lines with CR only makes its read at once, not with the next line feed', async () => {
    const { reader, reads } = readerFromConfig({ driver: 'serial-line' });
    await reader.start();
    emulator = await EmulatedDevicePort.open(pair.a);
    const sentAt = Date.now();
    await emulator.send(Buffer.from('0009334109\r'));
    await vi.waitFor(() => expect(reads.map((r) => r.identifier)).toEqual(['0009334109']), waitFor);
    expect(reads[0]!.at.getTime() - sentAt).toBeLessThan(1000);
  });

  it('rdm6300 fed the text of a line reader (the wrong driver) shows degraded with a hint, and reads nothing', async () => {
    const { reader, reads } = readerFromConfig({ driver: 'rdm6300' });
    await reader.start();
    emulator = await EmulatedDevicePort.open(pair.a);
    // One scan after another (the decoder counts a run of bytes without STX as one unreadable input).
    for (let i = 0; i < 4; i += 1) {
      await emulator.send(Buffer.from('0009334109\r\n'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await vi.waitFor(() => expect(reader.health().state).toBe('degraded'), waitFor);
    expect(reader.health().hint).toMatch(/^\d+ unreadable frames or lines since the last good read: check the reader's driver, baud rate and line ending$/);
    expect(reads).toEqual([]);
  });
});

describe('lcus relay on a pty', () => {
  const on = [0xa0, 0x01, 0x01, 0xa2];
  const off = [0xa0, 0x01, 0x00, 0xa1];

  it('writes the exact command bytes an emulated LCUS board receives, and again after a replug', async () => {
    emulator = await EmulatedDevicePort.open(pair.a);
    const relay = createLcusRelay({
      id: 'lcus',
      serial: { path: pair.b, baudRate: 9600 },
      channel: 1,
      boardChannels: 1,
      commandGapMs: 0,
      maxOnMs: 30_000,
      guardGraceMs: 1000,
      writeTimeoutMs: 2000,
      logger: silentLogger,
      backoff: fastBackoff,
    });
    device = relay;
    await relay.start();
    await relay.pulse(20);
    await vi.waitFor(() => expect([...emulator!.bytes()]).toEqual([...off, ...on, ...off]), waitFor);

    await replug();
    // The reconnect itself commands all off on the new connection (docs/hardware.md §6.4).
    await vi.waitFor(() => expect([...emulator!.bytes()]).toEqual(off), waitFor);
    await relay.pulse(20);
    await vi.waitFor(() => expect([...emulator!.bytes()]).toEqual([...off, ...on, ...off]), waitFor);
  });
});
