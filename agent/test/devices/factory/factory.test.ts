import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DevicesConfig } from '../../../src/devices/config.js';
import { createDevices, type Devices } from '../../../src/devices/factory/factory.js';
import type { CardRead } from '../../../src/devices/types.js';
import { FakeHidOpener } from '../helpers/fake-hid.js';
import { typed } from '../helpers/keyboard.js';
import { capturingLogger } from '../helpers/logs.js';
import { MockBinding } from '../helpers/mock-binding.js';

let devices: Devices | null = null;
afterEach(async () => {
  if (devices) await Promise.all([...devices.readers, ...devices.relays, ...devices.sensors].map((d) => d.stop()));
  devices = null;
  MockBinding.reset();
});

describe('createDevices', () => {
  it('builds each configured driver, unopened, with its id and a per-device child logger', async () => {
    MockBinding.createPort('/dev/ttyLINE');
    MockBinding.createPort('/dev/ttyLCUS', { record: true });
    const config = DevicesConfig.parse({
      readers: [
        { id: 'wedge', driver: 'hid-wedge', usb: { vendor_id: 'ffff', product_id: '0035' } },
        { id: 'line', driver: 'serial-line', path: '/dev/ttyLINE', format: 'decimal' },
        { id: 'rdm', driver: 'rdm6300', path: '/dev/ttyRDM' },
        { id: 'id12', driver: 'id12la', path: '/dev/ttyID12' },
        { id: 'stdin', driver: 'stdin' },
      ],
      relays: [
        { id: 'lcus', driver: 'lcus', path: '/dev/ttyLCUS', channel: 2 },
        { id: 'hid', driver: 'hid-relay' },
        { id: 'dtr', driver: 'serial-dtr', path: '/dev/ttyDTR' },
        { id: 'log', driver: 'log' },
      ],
      sensors: [{ id: 'pass', driver: 'serial-modem-line', path: '/dev/ttyPASS' }],
    });
    const hid = new FakeHidOpener();
    const logs = capturingLogger();
    const stdin = new PassThrough();
    devices = createDevices(config, { logger: logs.logger, hid, stdin, serialBinding: MockBinding });

    const all = [...devices.readers, ...devices.relays, ...devices.sensors];
    expect(all.map((d) => [d.id, d.health().driver, d.health().kind, d.health().state])).toEqual([
      ['wedge', 'hid-wedge', 'reader', 'starting'],
      ['line', 'serial-line', 'reader', 'starting'],
      ['rdm', 'rdm6300', 'reader', 'starting'],
      ['id12', 'id12la', 'reader', 'starting'],
      ['stdin', 'stdin', 'reader', 'starting'],
      ['lcus', 'lcus', 'relay', 'starting'],
      ['hid', 'hid-relay', 'relay', 'starting'],
      ['dtr', 'serial-dtr', 'relay', 'starting'],
      ['log', 'log', 'relay', 'starting'],
      ['pass', 'serial-modem-line', 'sensor', 'starting'],
    ]);
    expect(hid.devices).toHaveLength(0);

    await Promise.all(all.map((d) => d.start()));
    const states = Object.fromEntries(all.map((d) => [d.id, d.health().state]));
    expect(states).toEqual({ wedge: 'ok', line: 'ok', rdm: 'unavailable', id12: 'unavailable', stdin: 'ok', lcus: 'ok', hid: 'ok', dtr: 'unavailable', log: 'ok', pass: 'unavailable' });
    expect(hid.devices.map((d) => d.target)).toEqual([
      { vendorId: 0xffff, productId: 0x35 },
      { vendorId: 0x16c0, productId: 0x05df },
    ]);

    const reads: CardRead[] = [];
    for (const reader of devices.readers) reader.onRead((read) => reads.push(read));
    for (const report of typed('0009334109')) hid.devices[0]!.report(report);
    stdin.write('0013961168\n');
    await vi.waitFor(() =>
      expect(reads.map((r) => [r.readerId, r.identifier])).toEqual([
        ['wedge', '0009334109'],
        ['stdin', '0013961168'],
      ]),
    );

    expect(logs.text()).toContain('"device":"rdm"');
    expect(logs.text()).not.toContain('0009334109');
    expect(logs.text()).not.toContain('0013961168');
  });
});
