import { afterEach, describe, expect, it } from 'vitest';
import { createModemLineSensor } from '../../../src/devices/serial/modem-line-sensor.js';
import type { PassageSensor } from '../../../src/devices/types.js';
import { silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { MockBinding, wrappedMockBinding } from '../helpers/mock-binding.js';

const path = '/dev/ttyPASS';
let sensor: PassageSensor | null = null;

afterEach(async () => {
  await sensor?.stop();
  sensor = null;
  MockBinding.reset();
});

function setup(options: { activeLow?: boolean; initial?: boolean } = {}) {
  MockBinding.createPort(path);
  const clock = new ManualClock();
  const state = { cts: options.initial ?? false, fail: false };
  const mock = wrappedMockBinding({
    get: () => {
      if (state.fail) throw new Error('Input/output error, cannot get');
      return { cts: state.cts, dsr: false, dcd: false };
    },
  });
  sensor = createModemLineSensor({
    id: 'pass-a',
    serial: { path, baudRate: 9600, binding: mock.binding },
    line: 'cts',
    activeLow: options.activeLow ?? false,
    pollMs: 50,
    holdoffMs: 500,
    logger: silentLogger,
    clock,
    random: () => 1,
  });
  const passages: Date[] = [];
  sensor.onPassage((at) => passages.push(at));
  return { clock, state, sensor, passages };
}

describe('modem-line passage sensor', () => {
  it('reports a passage on each rising edge of CTS, not while it stays high', async () => {
    const { clock, state, sensor, passages } = setup();
    await sensor.start();
    expect(sensor.health().state).toBe('ok');
    state.cts = true;
    await clock.advance(200);
    expect(passages).toHaveLength(1);
    state.cts = false;
    await clock.advance(1000);
    state.cts = true;
    await clock.advance(100);
    expect(passages).toHaveLength(2);
  });

  it('does not count a line that is already active at start-up, nor bounce within the hold-off', async () => {
    const { clock, state, sensor, passages } = setup({ initial: true });
    await sensor.start();
    await clock.advance(200);
    expect(passages).toHaveLength(0);
    state.cts = false;
    await clock.advance(50);
    state.cts = true;
    await clock.advance(50);
    state.cts = false;
    await clock.advance(50);
    state.cts = true;
    await clock.advance(50);
    expect(passages).toHaveLength(1);
  });

  it('active-low: the falling edge is the passage', async () => {
    const { clock, state, sensor, passages } = setup({ activeLow: true, initial: true });
    await sensor.start();
    state.cts = false;
    await clock.advance(50);
    expect(passages).toHaveLength(1);
  });

  it('goes down when get() fails and stops polling after stop()', async () => {
    const { clock, state, sensor } = setup();
    await sensor.start();
    state.fail = true;
    await clock.advance(50);
    expect(sensor.health()).toMatchObject({ state: 'down' });
    expect(sensor.health().lastError).toContain('cannot get');
    state.fail = false;
    await clock.advance(500);
    expect(sensor.health()).toMatchObject({ state: 'ok', reconnects: 1 });
    await sensor.stop();
    expect(clock.pending()).toBe(0);
  });
});
