import { afterEach, describe, expect, it } from 'vitest';
import { DeviceSupervisor, type DeviceHandle, type LossReporter } from '../../../src/devices/supervision/supervisor.js';
import { capturingLogger, silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';

/** A device whose presence the test switches; each open is a new handle. */
class ScriptedDevice {
  present = true;
  failure: Error = Object.assign(new Error('No such file or directory, cannot open /dev/ttyUSB0'), { code: 'ENOENT' });
  opens = 0;
  closed = 0;
  loss: LossReporter | null = null;

  async open(loss: LossReporter): Promise<DeviceHandle> {
    this.opens += 1;
    if (!this.present) throw this.failure;
    this.loss = loss;
    return { close: async () => void (this.closed += 1) };
  }
}

function supervise(device: ScriptedDevice, clock: ManualClock, random = () => 1) {
  return new DeviceSupervisor({ id: 'r1', kind: 'reader', driver: 'test', logger: silentLogger, clock, random, open: (loss) => device.open(loss) });
}

let running: DeviceSupervisor<DeviceHandle>[] = [];
afterEach(async () => {
  await Promise.all(running.map((s) => s.stop()));
  running = [];
});

describe('DeviceSupervisor', () => {
  it('starts ok when the device is there', async () => {
    const clock = new ManualClock();
    const supervisor = supervise(new ScriptedDevice(), clock);
    running.push(supervisor);
    expect(supervisor.health().state).toBe('starting');
    await supervisor.start();
    expect(supervisor.health()).toMatchObject({ id: 'r1', kind: 'reader', driver: 'test', state: 'ok', reconnects: 0, lastError: null });
  });

  it('reports a missing device as unavailable, without throwing, and keeps retrying with growing backoff', async () => {
    const clock = new ManualClock();
    const device = new ScriptedDevice();
    device.present = false;
    const supervisor = supervise(device, clock);
    running.push(supervisor);
    await supervisor.start();
    expect(supervisor.health().state).toBe('unavailable');
    expect(supervisor.health().lastError).toContain('No such file or directory');
    await clock.advance(500);
    await clock.advance(1000);
    await clock.advance(2000);
    expect(device.opens).toBe(4);
    expect(clock.scheduled).toEqual([500, 1000, 2000, 4000]);
  });

  it('reports other open failures (permissions, a locked port) as down', async () => {
    const clock = new ManualClock();
    const device = new ScriptedDevice();
    device.present = false;
    device.failure = new Error('Permission denied, cannot open /dev/ttyUSB0');
    const supervisor = supervise(device, clock);
    running.push(supervisor);
    await supervisor.start();
    expect(supervisor.health()).toMatchObject({ state: 'down', lastError: 'Permission denied, cannot open /dev/ttyUSB0' });
  });

  it('goes down on a loss, reconnects, counts it, and resets the backoff after the successful open', async () => {
    const clock = new ManualClock();
    const device = new ScriptedDevice();
    const supervisor = supervise(device, clock);
    running.push(supervisor);
    await supervisor.start();

    device.present = false;
    device.loss?.lost('could not read from HID device');
    expect(supervisor.health()).toMatchObject({ state: 'down', lastError: 'could not read from HID device' });
    expect(device.closed).toBe(1);
    await clock.advance(500); // retry 1 fails
    expect(supervisor.health().state).toBe('unavailable');
    device.present = true;
    await clock.advance(1000); // retry 2 succeeds
    expect(supervisor.health()).toMatchObject({ state: 'ok', reconnects: 1 });

    device.loss?.lost(new Error('gone again'));
    expect(clock.scheduled).toEqual([500, 1000, 500]);
  });

  it('ignores a loss reported by a connection it already replaced', async () => {
    const clock = new ManualClock();
    const device = new ScriptedDevice();
    const supervisor = supervise(device, clock);
    running.push(supervisor);
    await supervisor.start();
    const stale = device.loss;
    stale?.lost('first');
    await clock.advance(500);
    expect(supervisor.health().state).toBe('ok');
    stale?.lost('late event from the old connection');
    expect(supervisor.health().state).toBe('ok');
  });

  it('treats a loss during open as a failed open', async () => {
    const clock = new ManualClock();
    const supervisor = new DeviceSupervisor({
      id: 'r1',
      kind: 'reader',
      driver: 'test',
      logger: silentLogger,
      clock,
      open: async (loss) => {
        loss.lost(new Error('closed right away'));
        return { close: async () => undefined };
      },
    });
    running.push(supervisor);
    await supervisor.start();
    expect(supervisor.health()).toMatchObject({ state: 'down', lastError: 'closed right away' });
  });

  it('stop() clears the retry timer, closes the connection and reports stopped', async () => {
    const clock = new ManualClock();
    const device = new ScriptedDevice();
    device.present = false;
    const supervisor = supervise(device, clock);
    await supervisor.start();
    expect(clock.pending()).toBe(1);
    await supervisor.stop();
    expect(clock.pending()).toBe(0);
    expect(supervisor.health().state).toBe('stopped');

    device.present = true;
    await supervisor.start();
    await supervisor.stop();
    expect(device.closed).toBe(1);
    await clock.advance(60_000);
    expect(device.opens).toBe(2);
  });

  it('logs state changes without throwing', async () => {
    const clock = new ManualClock();
    const { logger, text } = capturingLogger();
    const device = new ScriptedDevice();
    device.present = false;
    const supervisor = new DeviceSupervisor({ id: 'r1', kind: 'reader', driver: 'test', logger, clock, open: (loss) => device.open(loss) });
    running.push(supervisor);
    await supervisor.start();
    expect(text()).toContain('"state":"unavailable"');
  });
});
