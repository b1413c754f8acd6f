import { afterEach, describe, expect, it } from 'vitest';
import { createNodeHidOpener, type NodeHidModule } from '../../../src/devices/hid/hid-device.js';
import { createWedgeReader } from '../../../src/devices/hid/wedge-reader.js';
import { createHidRelay } from '../../../src/devices/hid/hid-relay.js';
import type { Device } from '../../../src/devices/types.js';
import { silentLogger } from '../helpers/logs.js';
import { ManualClock } from '../helpers/manual-clock.js';

const dlopenError = () => Object.assign(new Error('libusb-1.0.so.0: cannot open shared object file: No such file or directory'), { code: 'ERR_DLOPEN_FAILED' });

/** node-hid as it behaves without libusb: importing works, the first device call throws (docs/hardware.md §0.1). */
function nodeHidWithoutLibusb(calls: string[]): NodeHidModule {
  return {
    setDriverType: (type: string) => void calls.push(`setDriverType:${type}`),
    HIDAsync: {
      open: async () => {
        calls.push('open');
        throw dlopenError();
      },
    },
  } as unknown as NodeHidModule;
}

let devices: Device[] = [];
afterEach(async () => {
  await Promise.all(devices.map((d) => d.stop()));
  devices = [];
});

describe('node-hid opener', () => {
  it('turns ERR_DLOPEN_FAILED into an unavailable reader with the error text, not a crash', async () => {
    const calls: string[] = [];
    const opener = createNodeHidOpener({ driverType: 'libusb', load: async () => nodeHidWithoutLibusb(calls) });
    const reader = createWedgeReader({ id: 'wedge', target: { path: '/dev/hidraw0' }, opener, debounceMs: 1500, idleTimeoutMs: 300, logger: silentLogger, clock: new ManualClock() });
    devices.push(reader);
    await reader.start();
    expect(reader.health().state).toBe('unavailable');
    expect(reader.health().lastError).toContain('ERR_DLOPEN_FAILED');
    expect(reader.health().lastError).toContain('libusb-1.0.so.0');
    expect(calls).toEqual(['setDriverType:libusb', 'open']);
  });

  it('turns a failing import into an unavailable relay and retries the import later', async () => {
    const clock = new ManualClock();
    let imports = 0;
    const opener = createNodeHidOpener({
      load: async () => {
        imports += 1;
        throw Object.assign(new Error("Cannot find package 'node-hid'"), { code: 'ERR_MODULE_NOT_FOUND' });
      },
    });
    const relay = createHidRelay({
      id: 'r',
      target: { vendorId: 0x16c0, productId: 0x05df },
      opener,
      channel: 1,
      verifyState: true,
      maxOnMs: 30_000,
      guardGraceMs: 1000,
      writeTimeoutMs: 1000,
      logger: silentLogger,
      clock,
      random: () => 1,
    });
    devices.push(relay);
    await relay.start();
    expect(relay.health().state).toBe('unavailable');
    await clock.advance(500);
    expect(imports).toBe(2);
  });

  it('with the real node-hid, a device that is not there is unavailable (this box has no HID devices)', async () => {
    const reader = createWedgeReader({
      id: 'wedge',
      target: { path: '/dev/hidraw-studio-test-absent' },
      opener: createNodeHidOpener(),
      debounceMs: 1500,
      idleTimeoutMs: 300,
      logger: silentLogger,
      clock: new ManualClock(),
    });
    devices.push(reader);
    await reader.start();
    expect(reader.health().state).toBe('unavailable');
    expect(reader.health().lastError).toMatch(/hidraw-studio-test-absent|libusb/);
  });
});
