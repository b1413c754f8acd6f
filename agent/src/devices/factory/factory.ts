import type { Logger } from 'pino';
import type { DevicesConfig, ReaderConfig, RelayConfig, SensorConfig } from '../config.js';
import { createNodeHidOpener, type HidOpener, type HidTarget } from '../hid/hid-device.js';
import { createHidRelay } from '../hid/hid-relay.js';
import { createWedgeReader } from '../hid/wedge-reader.js';
import { createDtrRelay } from '../serial/dtr-relay.js';
import { createLcusRelay } from '../serial/lcus-relay.js';
import { lineFormat } from '../serial/line-format.js';
import { createModemLineSensor } from '../serial/modem-line-sensor.js';
import { createSerialReader } from '../serial/serial-reader.js';
import { id12laFormat, rdm6300Format } from '../serial/stx-hex-frames.js';
import { createLogRelay } from '../simulated/log-relay.js';
import { createStdinReader } from '../simulated/stdin-reader.js';
import type { BackoffPolicy } from '../supervision/backoff.js';
import type { Clock, Random } from '../supervision/clock.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import type { CardReader, PassageSensor, Relay } from '../types.js';

export interface DeviceDeps {
  logger: Logger;
  /** The `stdin` reader's input; default `process.stdin`. */
  stdin?: NodeJS.ReadableStream;
  /** Opens HID devices; default node-hid, imported on first use (a missing libusb = `unavailable`). */
  hid?: HidOpener;
  /** A serialport binding for every serial device, e.g. `MockBinding` in tests; default the platform's. */
  serialBinding?: unknown;
  clock?: Clock;
  random?: Random;
  /** Reconnect backoff; default base 500 ms, cap 30 s (docs/hardware.md §6.4). */
  backoff?: BackoffPolicy;
}

export interface Devices {
  readers: CardReader[];
  relays: Relay[];
  sensors: PassageSensor[];
}

/** Builds the configured devices; nothing is opened until each device's `start()`. */
export function createDevices(config: DevicesConfig, deps: DeviceDeps): Devices {
  // node-hid's backend is process-wide (docs/hardware.md §3.1): one exclusive wedge makes it libusb for all.
  const exclusive = config.readers.some((reader) => reader.driver === 'hid-wedge' && reader.exclusive);
  let hid = deps.hid;
  const hidOpener = () => (hid ??= createNodeHidOpener(exclusive ? { driverType: 'libusb' } : {}));
  const supervision = (id: string): SupervisionDeps => ({
    logger: deps.logger.child({ device: id }),
    clock: deps.clock,
    random: deps.random,
    backoff: deps.backoff,
  });
  const serial = (device: { path: string; baud_rate: number }) => ({ path: device.path, baudRate: device.baud_rate, binding: deps.serialBinding });

  const reader = (c: ReaderConfig): CardReader => {
    const common = { ...supervision(c.id), id: c.id, debounceMs: c.debounce_ms };
    switch (c.driver) {
      case 'hid-wedge':
        return createWedgeReader({
          ...common,
          target: hidTarget(c),
          opener: hidOpener(),
          idleTimeoutMs: c.idle_timeout_ms,
          reportId: c.report_id,
          maxScanAgeMs: c.max_scan_age_ms,
        });
      case 'rdm6300':
        return createSerialReader({ ...common, driver: c.driver, serial: serial(c), decoding: { kind: 'frames', format: rdm6300Format } });
      case 'id12la':
        return createSerialReader({ ...common, driver: c.driver, serial: serial(c), decoding: { kind: 'frames', format: id12laFormat } });
      case 'serial-line': {
        const decoding = { kind: 'lines' as const, ending: c.delimiter, idleMs: c.idle_timeout_ms, format: lineFormat(c.format, c.pattern) };
        return createSerialReader({ ...common, driver: c.driver, serial: serial(c), decoding, maxScanAgeMs: c.max_scan_age_ms });
      }
      case 'stdin':
        return createStdinReader({ ...common, input: deps.stdin ?? process.stdin });
    }
  };

  const relay = (c: RelayConfig): Relay => {
    const common = { ...supervision(c.id), id: c.id, maxOnMs: c.max_on_ms, guardGraceMs: c.guard_grace_ms, writeTimeoutMs: c.write_timeout_ms };
    switch (c.driver) {
      case 'lcus': {
        const boardChannels = Math.max(c.channel, c.board_channels ?? c.channel);
        return createLcusRelay({ ...common, serial: serial(c), channel: c.channel, boardChannels, commandGapMs: c.command_gap_ms });
      }
      case 'hid-relay':
        return createHidRelay({ ...common, target: hidTarget(c), opener: hidOpener(), channel: c.channel, verifyState: c.verify_state });
      case 'serial-dtr':
        return createDtrRelay({ ...common, serial: serial(c), line: c.line, activeLow: c.active_low });
      case 'log':
        return createLogRelay(common);
    }
  };

  const sensor = (c: SensorConfig): PassageSensor =>
    createModemLineSensor({
      ...supervision(c.id),
      id: c.id,
      serial: serial(c),
      line: c.line,
      activeLow: c.active_low,
      pollMs: c.poll_ms,
      holdoffMs: c.holdoff_ms,
    });

  return { readers: config.readers.map(reader), relays: config.relays.map(relay), sensors: config.sensors.map(sensor) };
}

function hidTarget(device: { path?: string | undefined; usb?: { vendor_id: number; product_id: number } | undefined }): HidTarget {
  if (device.path !== undefined) return { path: device.path };
  if (device.usb === undefined) throw new Error('a HID device needs a path or usb ids'); // the schema requires one
  return { vendorId: device.usb.vendor_id, productId: device.usb.product_id };
}
