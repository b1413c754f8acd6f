import { afterEach, describe, expect, it } from 'vitest';
import { lcusAllOffCommands, lcusCommand } from '../../../src/devices/serial/lcus-protocol.js';
import { createLcusRelay } from '../../../src/devices/serial/lcus-relay.js';
import type { Relay } from '../../../src/devices/types.js';
import { silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { MockBinding, wrappedMockBinding, type BindingHooks } from '../helpers/mock-binding.js';

const path = '/dev/ttyLCUS';
let relay: Relay | null = null;

afterEach(async () => {
  await relay?.stop();
  relay = null;
  MockBinding.reset();
});

function setup(options: { channel?: number; boardChannels?: number; commandGapMs?: number; hooks?: BindingHooks } = {}) {
  MockBinding.createPort(path, { record: true, vendorId: '1a86', productId: '7523' });
  const clock = new ManualClock();
  const mock = wrappedMockBinding(options.hooks);
  relay = createLcusRelay({
    id: 'lcus',
    serial: { path, baudRate: 9600, binding: mock.binding },
    channel: options.channel ?? 1,
    boardChannels: options.boardChannels ?? options.channel ?? 1,
    commandGapMs: options.commandGapMs ?? 0,
    maxOnMs: 30_000,
    guardGraceMs: 1000,
    writeTimeoutMs: 1000,
    logger: silentLogger,
    clock,
    random: () => 1,
  });
  const recorded = () => [...(mock.lastPort()?.recording ?? Buffer.alloc(0))];
  return { clock, mock, relay, recorded };
}

describe('LCUS protocol', () => {
  it('builds the command bytes of docs/hardware.md §2.1', () => {
    expect([...lcusCommand(1, true)]).toEqual([0xa0, 0x01, 0x01, 0xa2]);
    expect([...lcusCommand(1, false)]).toEqual([0xa0, 0x01, 0x00, 0xa1]);
    expect([...lcusCommand(2, true)]).toEqual([0xa0, 0x02, 0x01, 0xa3]);
    expect([...lcusCommand(4, true)]).toEqual([0xa0, 0x04, 0x01, 0xa5]);
    expect([...lcusCommand(8, false)]).toEqual([0xa0, 0x08, 0x00, 0xa8]);
    expect(lcusAllOffCommands(2).map((c) => [...c])).toEqual([
      [0xa0, 0x01, 0x00, 0xa1],
      [0xa0, 0x02, 0x00, 0xa2],
    ]);
    expect(() => lcusCommand(9, true)).toThrow(RangeError);
  });
});

describe('LCUS relay on the mock binding', () => {
  it('writes off at start, on then off for a pulse, off at stop', async () => {
    const { clock, relay, recorded, mock } = setup({ channel: 2, boardChannels: 2 });
    const allOff = [0xa0, 0x01, 0x00, 0xa1, 0xa0, 0x02, 0x00, 0xa2];
    await relay.start();
    expect(recorded()).toEqual(allOff);
    const pulse = relay.pulse(300);
    await clock.advance(299);
    expect(recorded()).toEqual([...allOff, 0xa0, 0x02, 0x01, 0xa3]);
    await clock.advance(1);
    await pulse;
    expect(recorded()).toEqual([...allOff, 0xa0, 0x02, 0x01, 0xa3, 0xa0, 0x02, 0x00, 0xa2]);
    const port = mock.lastPort()!;
    await relay.stop();
    expect([...port.recording].slice(-8)).toEqual(allOff);
    expect(relay.health().state).toBe('stopped');
  });

  it('says the door is opening once the ON is written, before the OFF; never when the ON write fails', async () => {
    let failOn = false;
    const hooks: BindingHooks = {
      beforeWrite: (bytes) => {
        if (failOn && bytes[2] === 0x01) throw new Error('write EIO');
      },
    };
    const { clock, relay, recorded } = setup({ hooks });
    await relay.start();
    const heard: number[][] = [];
    const pulse = relay.pulse(300, () => heard.push(recorded()));
    await clock.advance(1);
    expect(heard).toEqual([[0xa0, 0x01, 0x00, 0xa1, 0xa0, 0x01, 0x01, 0xa2]]);
    await clock.advance(299);
    await pulse;
    expect(heard).toHaveLength(1);
    failOn = true;
    const silent: string[] = [];
    await expect(relay.pulse(300, () => silent.push('opening'))).rejects.toMatchObject({ code: 'RELAY_WRITE_FAILED' });
    expect(silent).toEqual([]);
  });

  it('switches every board channel off, one command at a time', async () => {
    const { clock, relay, recorded } = setup({ channel: 1, boardChannels: 4, commandGapMs: 50 });
    const started = relay.start();
    await clock.advance(100);
    expect(recorded()).toEqual([...lcusAllOffCommands(3).flatMap((c) => [...c])]); // the gap holds the 4th
    await clock.advance(50);
    await started;
    expect(recorded()).toEqual([...lcusAllOffCommands(4).flatMap((c) => [...c])]);
    const stopped = relay.stop();
    await clock.advance(150);
    await stopped;
    expect(recorded()).toEqual([...lcusAllOffCommands(4), ...lcusAllOffCommands(4)].flatMap((c) => [...c]));
  });

  it('after an ambiguous write error: rejects, does not write the ON again, and goes down', async () => {
    let failOn = true;
    const hooks: BindingHooks = {
      beforeWrite: (bytes) => {
        if (failOn && bytes[2] === 0x01) throw new Error('write EIO');
      },
    };
    const { clock, relay, mock } = setup({ hooks });
    await relay.start();
    const first = mock.lastPort()!;
    await expect(relay.pulse(200)).rejects.toMatchObject({ code: 'RELAY_WRITE_FAILED' });
    expect(relay.health().state).toBe('down');
    expect(relay.health().lastError).toContain('write EIO');
    failOn = false;
    await clock.advance(500);
    expect(relay.health().state).toBe('ok');
    await clock.advance(5000);
    // Neither the broken connection nor the new one ever carried an ON.
    expect([...first.recording]).toEqual([0xa0, 0x01, 0x00, 0xa1]);
    expect([...mock.lastPort()!.recording]).toEqual([0xa0, 0x01, 0x00, 0xa1]);
  });

  it('all-off writes only while a channel may be on: mid-pulse it switches off, after it nothing', async () => {
    const { clock, relay, recorded } = setup();
    const off = [0xa0, 0x01, 0x00, 0xa1];
    const on = [0xa0, 0x01, 0x01, 0xa2];
    await relay.start();
    await relay.allOff(); // the connection's own all-off already ran
    expect(recorded()).toEqual(off);
    const pulse = relay.pulse(3000);
    await clock.advance(10);
    await relay.allOff();
    expect(recorded()).toEqual([...off, ...on, ...off]);
    await clock.advance(3000);
    await pulse;
    await relay.allOff();
    expect(recorded()).toEqual([...off, ...on, ...off]);
  });

  it('reports a board that is not plugged in as unavailable', async () => {
    const clock = new ManualClock();
    relay = createLcusRelay({
      id: 'lcus',
      serial: { path: '/dev/ttyABSENT', baudRate: 9600, binding: MockBinding },
      channel: 1,
      boardChannels: 1,
      commandGapMs: 50,
      maxOnMs: 30_000,
      guardGraceMs: 1000,
      writeTimeoutMs: 1000,
      logger: silentLogger,
      clock,
    });
    await relay.start();
    expect(relay.health().state).toBe('unavailable');
    expect(relay.health().lastError).toContain('Port does not exist');
  });
});
