import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogRelay } from '../../../src/devices/simulated/log-relay.js';
import { createStdinReader } from '../../../src/devices/simulated/stdin-reader.js';
import type { CardRead, Device } from '../../../src/devices/types.js';
import { capturingLogger, silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';

let devices: Device[] = [];
afterEach(async () => {
  await Promise.all(devices.map((d) => d.stop()));
  devices = [];
});

describe('stdin reader', () => {
  it('emits one identifier per non-empty line, trimmed, debounced', async () => {
    const input = new PassThrough();
    const reader = createStdinReader({ id: 'stdin', input, debounceMs: 1500, logger: silentLogger });
    devices.push(reader);
    const reads: CardRead[] = [];
    reader.onRead((read) => reads.push(read));
    await reader.start();
    expect(reader.health()).toMatchObject({ state: 'ok', driver: 'stdin' });
    input.write('  0009334109 \n\n0013961');
    input.write('168\r\n0009334109\n');
    await vi.waitFor(() => expect(reads.map((r) => r.identifier)).toEqual(['0009334109', '0013961168']));
    expect(reads[0]).toMatchObject({ readerId: 'stdin', raw: '0009334109' });
  });

  it('stays ok when the input ends, and stops cleanly', async () => {
    const input = new PassThrough();
    const reader = createStdinReader({ id: 'stdin', input, debounceMs: 0, logger: silentLogger });
    await reader.start();
    input.end('123\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.health().state).toBe('ok');
    await reader.stop();
    expect(reader.health().state).toBe('stopped');
  });
});

describe('log relay', () => {
  it('records and logs all-off at start, on/off per pulse and all-off at stop', async () => {
    const clock = new ManualClock();
    const logs = capturingLogger();
    const relay = createLogRelay({ id: 'log', maxOnMs: 30_000, guardGraceMs: 1000, writeTimeoutMs: 1000, logger: logs.logger, clock });
    await relay.start();
    const pulse = relay.pulse(250);
    await clock.advance(250);
    await pulse;
    await relay.stop();
    expect(relay.records().map((r) => [r.action, r.at.getTime()])).toEqual([
      ['all-off', 0],
      ['on', 0],
      ['off', 250],
      ['all-off', 250],
    ]);
    expect(logs.text()).toContain('"action":"on"');
    expect(logs.text()).toContain('relay pulse');
  });
});
