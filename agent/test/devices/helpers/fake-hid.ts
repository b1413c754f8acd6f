import { EventEmitter } from 'node:events';
import type { HidDevice, HidOpener, HidTarget } from '../../../src/devices/hid/hid-device.js';

/** What a fake device does with a feature report: nothing (accept), throw, or never answer. */
export type SendBehaviour = (report: number[]) => 'ok' | 'hang' | Error;

/**
 * A dcttech relay / keyboard wedge stand-in (docs/hardware.md §7): records feature reports, keeps the
 * relay mask like the board does, answers getFeatureReport with a 9-byte state report.
 */
export class FakeHidDevice extends EventEmitter implements HidDevice {
  readonly sent: number[][] = [];
  mask = 0;
  closed = false;
  behaviour: SendBehaviour = () => 'ok';

  constructor(readonly target: HidTarget) {
    super();
  }

  async sendFeatureReport(data: number[] | Buffer): Promise<number> {
    const report = [...data];
    this.sent.push(report);
    const outcome = this.behaviour(report);
    if (outcome === 'hang') return new Promise<number>(() => undefined);
    if (outcome instanceof Error) throw outcome;
    const [, command = 0, channel = 0] = report;
    if (command === 0xff) this.mask |= 1 << (channel - 1);
    if (command === 0xfd) this.mask &= ~(1 << (channel - 1));
    if (command === 0xfc) this.mask = 0;
    return report.length;
  }

  async getFeatureReport(reportId: number, length: number): Promise<Buffer> {
    const response = Buffer.from([reportId, ...Buffer.from('QWERT'), 0, 0, this.mask]);
    return response.subarray(0, length);
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** A boot-keyboard report as node-hid delivers it. */
  report(bytes: number[]): void {
    this.emit('data', Buffer.from(bytes));
  }

  /** What node-hid does on unplug: an `error` event carrying a string (docs/hardware.md §3.2). */
  unplug(): void {
    this.emit('error', 'could not read from HID device');
  }
}

/** Hands out a new FakeHidDevice per open while `present`; otherwise rejects like node-hid. */
export class FakeHidOpener implements HidOpener {
  readonly devices: FakeHidDevice[] = [];
  present = true;
  behaviour: SendBehaviour = () => 'ok';

  async open(target: HidTarget): Promise<HidDevice> {
    if (!this.present) throw new Error("cannot open device with path /dev/hidraw9: Failed to open a device with path '/dev/hidraw9': No such file or directory");
    const device = new FakeHidDevice(target);
    device.behaviour = (report) => this.behaviour(report);
    this.devices.push(device);
    return device;
  }

  get last(): FakeHidDevice {
    const device = this.devices.at(-1);
    if (!device) throw new Error('no device opened yet');
    return device;
  }
}
