import { afterEach, describe, expect, it } from 'vitest';
import { allOffReport, channelReport, parseStateMask } from '../../../src/devices/hid/dcttech-protocol.js';
import { createHidRelay } from '../../../src/devices/hid/hid-relay.js';
import type { Relay } from '../../../src/devices/types.js';
import { FakeHidOpener } from '../helpers/fake-hid.js';
import { silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';

// docs/hardware.md §2.2, byte for byte.
const ALL_OFF = [0x00, 0xfc, 0, 0, 0, 0, 0, 0, 0];
const ON = (n: number) => [0x00, 0xff, n, 0, 0, 0, 0, 0, 0];
const OFF = (n: number) => [0x00, 0xfd, n, 0, 0, 0, 0, 0, 0];

let relay: Relay | null = null;
afterEach(async () => {
  await relay?.stop();
  relay = null;
});

function setup(options: { channel?: number; verifyState?: boolean } = {}) {
  const clock = new ManualClock();
  const opener = new FakeHidOpener();
  relay = createHidRelay({
    id: 'turnstile',
    target: { vendorId: 0x16c0, productId: 0x05df },
    opener,
    channel: options.channel ?? 1,
    verifyState: options.verifyState ?? true,
    maxOnMs: 30_000,
    guardGraceMs: 1000,
    writeTimeoutMs: 5000,
    logger: silentLogger,
    clock,
    random: () => 1,
  });
  return { clock, opener, relay };
}

describe('dcttech protocol', () => {
  it('builds the feature reports of docs/hardware.md §2.2', () => {
    expect(channelReport(1, true)).toEqual(ON(1));
    expect(channelReport(2, false)).toEqual(OFF(2));
    expect(allOffReport()).toEqual(ALL_OFF);
  });

  it('reads the state mask from 9-byte (report id first) and 8-byte responses, and refuses foreign ones', () => {
    expect(parseStateMask(Uint8Array.from([0, 0x51, 0x57, 0x45, 0x52, 0x54, 0, 0, 0b10]))).toBe(0b10);
    expect(parseStateMask(Uint8Array.from([0x51, 0x57, 0x45, 0x52, 0x54, 0, 0, 0b01]))).toBe(0b01);
    expect(parseStateMask(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 1]))).toBeNull();
    expect(parseStateMask(Uint8Array.from([0, 1, 2]))).toBeNull();
  });
});

describe('HID relay', () => {
  it('switches all off at start and at stop', async () => {
    const { opener, relay } = setup();
    await relay.start();
    expect(opener.last.sent).toEqual([ALL_OFF]);
    await relay.stop();
    expect(opener.last.sent).toEqual([ALL_OFF, ALL_OFF]);
    expect(opener.last.closed).toBe(true);
  });

  it('pulses: one ON, then OFF after the given ms, with the state read back', async () => {
    const { clock, opener, relay } = setup({ channel: 2 });
    await relay.start();
    const pulse = relay.pulse(200);
    await clock.advance(199);
    expect(opener.last.sent).toEqual([ALL_OFF, ON(2)]);
    expect(opener.last.mask).toBe(0b10);
    await clock.advance(1);
    await pulse;
    expect(opener.last.sent).toEqual([ALL_OFF, ON(2), OFF(2)]);
    expect(opener.last.mask).toBe(0);
    expect(clock.pending()).toBe(0); // the guard was disarmed
  });

  it('runs two pulses one after the other, never overlapping', async () => {
    const { clock, opener, relay } = setup();
    await relay.start();
    const both = Promise.all([relay.pulse(200), relay.pulse(300)]);
    await clock.advance(200);
    await clock.advance(300);
    await both;
    expect(opener.last.sent).toEqual([ALL_OFF, ON(1), OFF(1), ON(1), OFF(1)]);
  });

  it('after an ambiguous ON failure: rejects, never sends a second ON, goes down and settles the board on reconnect', async () => {
    const { clock, opener, relay } = setup();
    await relay.start();
    opener.behaviour = (report) => (report[1] === 0xff ? new Error('HID write failed') : 'ok');
    await expect(relay.pulse(200)).rejects.toMatchObject({ code: 'RELAY_WRITE_FAILED' });
    const first = opener.devices[0]!;
    expect(first.sent.filter((r) => r[1] === 0xff)).toHaveLength(1);
    expect(relay.health()).toMatchObject({ state: 'down' });
    expect(relay.health().lastError).toContain('HID write failed');
    await clock.advance(500);
    expect(relay.health()).toMatchObject({ state: 'ok', reconnects: 1 });
    const second = opener.last;
    expect(second).not.toBe(first);
    expect(second.sent).toEqual([ALL_OFF]);
    await clock.advance(5000);
    expect(first.sent.filter((r) => r[1] === 0xff)).toHaveLength(1);
    expect(second.sent.filter((r) => r[1] === 0xff)).toHaveLength(0);
  });

  it('refuses a pulse while the relay is down instead of queueing it for later', async () => {
    const { opener, relay } = setup();
    opener.present = false;
    await relay.start();
    expect(relay.health().state).toBe('unavailable');
    await expect(relay.pulse(200)).rejects.toMatchObject({ code: 'RELAY_NOT_CONNECTED' });
  });

  it('refuses a pulse longer than max_on_ms before writing anything', async () => {
    const { opener, relay } = setup();
    await relay.start();
    await expect(relay.pulse(30_001)).rejects.toMatchObject({ code: 'RELAY_PULSE_OUT_OF_RANGE' });
    await expect(relay.pulse(0)).rejects.toMatchObject({ code: 'RELAY_PULSE_OUT_OF_RANGE' });
    expect(opener.last.sent).toEqual([ALL_OFF]);
  });

  it('the max-on guard forces OFF when the normal OFF write hangs', async () => {
    const { clock, opener, relay } = setup();
    await relay.start();
    let offs = 0;
    opener.behaviour = (report) => (report[1] === 0xfd && ++offs === 1 ? 'hang' : 'ok');
    const pulse = relay.pulse(200);
    pulse.catch(() => undefined);
    await clock.advance(200);
    expect(opener.last.sent).toEqual([ALL_OFF, ON(1), OFF(1)]);
    expect(opener.last.mask).toBe(1); // the hung OFF never reached the board
    await clock.advance(1000); // pulse end + guard grace
    expect(opener.last.sent).toEqual([ALL_OFF, ON(1), OFF(1), OFF(1)]);
    expect(opener.last.mask).toBe(0);
    await clock.advance(5000); // the hung write times out: the pulse reports the failure
    await expect(pulse).rejects.toMatchObject({ code: 'RELAY_WRITE_FAILED' });
  });

  it('rejects when the state read back disagrees (the board ignored the command)', async () => {
    const { opener, relay } = setup();
    await relay.start();
    opener.last.sendFeatureReport = async (data) => {
      opener.last.sent.push([...data]);
      return 9; // accepted but the mask never changes
    };
    await expect(relay.pulse(200)).rejects.toThrow(/read back 0x0/);
  });

  it('without verify_state does not read the state back', async () => {
    const { clock, opener, relay } = setup({ verifyState: false });
    await relay.start();
    let reads = 0;
    opener.last.getFeatureReport = async () => {
      reads += 1;
      return Buffer.alloc(9);
    };
    const pulse = relay.pulse(100);
    await clock.advance(100);
    await pulse;
    expect(reads).toBe(0);
  });
});
