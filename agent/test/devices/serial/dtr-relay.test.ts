import { afterEach, describe, expect, it } from 'vitest';
import { createDtrRelay } from '../../../src/devices/serial/dtr-relay.js';
import type { Relay } from '../../../src/devices/types.js';
import { silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { MockBinding, wrappedMockBinding } from '../helpers/mock-binding.js';

// ptys can't set modem lines (ENOTTY, docs/hardware.md §0.4): the mock binding's set() is wrapped instead.
const path = '/dev/ttyDTR';
let relay: Relay | null = null;

afterEach(async () => {
  await relay?.stop();
  relay = null;
  MockBinding.reset();
});

function setup(line: 'dtr' | 'rts', activeLow: boolean) {
  MockBinding.createPort(path);
  const clock = new ManualClock();
  const mock = wrappedMockBinding();
  relay = createDtrRelay({
    id: 'dtr',
    serial: { path, baudRate: 9600, binding: mock.binding },
    line,
    activeLow,
    maxOnMs: 30_000,
    guardGraceMs: 1000,
    writeTimeoutMs: 1000,
    logger: silentLogger,
    clock,
  });
  const lines = () => mock.sets.map((flags) => ({ dtr: flags.dtr, rts: flags.rts }));
  return { clock, mock, relay, lines };
}

describe('serial DTR/RTS relay', () => {
  it('drops both lines right after open, raises DTR for the pulse, and drops it again', async () => {
    const { clock, relay, lines } = setup('dtr', false);
    await relay.start();
    expect(lines()).toEqual([{ dtr: false, rts: false }]);
    const pulse = relay.pulse(200);
    await clock.advance(200);
    await pulse;
    expect(lines()).toEqual([
      { dtr: false, rts: false },
      { dtr: true, rts: false },
      { dtr: false, rts: false },
    ]);
    await relay.stop();
    expect(lines().at(-1)).toEqual({ dtr: false, rts: false });
  });

  it('always passes both lines explicitly (set({dtr}) alone would raise RTS, docs/hardware.md §0.3)', async () => {
    const { clock, relay, mock } = setup('rts', false);
    await relay.start();
    const pulse = relay.pulse(100);
    await clock.advance(100);
    await pulse;
    // The binding sees merged flags either way; what matters is that RTS is only up during the pulse
    // and DTR never is, which a call passing only one line could not achieve.
    expect(mock.sets.map((f) => [f.dtr, f.rts])).toEqual([
      [false, false],
      [false, true],
      [false, false],
    ]);
  });

  it('active-low: released = line asserted, energised = line dropped', async () => {
    const { clock, relay, lines } = setup('dtr', true);
    await relay.start();
    const pulse = relay.pulse(100);
    await clock.advance(100);
    await pulse;
    expect(lines()).toEqual([
      { dtr: true, rts: false },
      { dtr: false, rts: false },
      { dtr: true, rts: false },
    ]);
  });

  it('the guard forces the line down if the normal release never completes', async () => {
    const { clock, relay, mock, lines } = setup('dtr', false);
    await relay.start();
    const port = mock.lastPort()!;
    const set = port.set.bind(port);
    let releases = 0;
    port.set = async (flags) => {
      if (!flags.dtr && ++releases === 1) {
        mock.sets.push({ ...flags });
        return new Promise<void>(() => undefined); // the first release hangs
      }
      return set(flags);
    };
    const pulse = relay.pulse(200);
    pulse.catch(() => undefined);
    await clock.advance(200 + 1000);
    expect(lines()).toEqual([
      { dtr: false, rts: false },
      { dtr: true, rts: false },
      { dtr: false, rts: false },
      { dtr: false, rts: false },
    ]);
  });
});
