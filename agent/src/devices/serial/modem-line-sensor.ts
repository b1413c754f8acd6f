import { SupervisedSensor } from '../sensors/supervised-sensor.js';
import { systemClock } from '../supervision/clock.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import type { PassageSensor } from '../types.js';
import { closeSerialPort, getModemStatus, openSerialPort, type SerialSettings } from './serial-port.js';

export interface ModemLineSensorOptions extends SupervisionDeps {
  id: string;
  serial: SerialSettings;
  /** The input line the contact drives. */
  line: 'cts' | 'dsr' | 'dcd';
  /** A passage is the line going from de-asserted to asserted (or the reverse when true). */
  activeLow: boolean;
  pollMs: number;
  /** Edges within this long after a passage are contact bounce, not a second person. */
  holdoffMs: number;
}

/**
 * A turnstile's PASS output (a dry relay contact, docs/hardware.md §2.5) wired from an asserted DTR/RTS
 * pin of a USB-UART to one of its input lines, polled with `get()`. Linux asserts DTR and RTS when
 * the port opens (docs/hardware.md §0.3), which is what powers the contact. Not usable on a pty
 * (docs/hardware.md §0.4): tests wrap the mock binding's `get`.
 */
export function createModemLineSensor(options: ModemLineSensorOptions): PassageSensor {
  const clock = options.clock ?? systemClock;
  return new SupervisedSensor({
    ...options,
    driver: 'serial-modem-line',
    open: async (sink) => {
      const port = await openSerialPort(options.serial, sink);
      port.on('data', () => undefined); // keep a read in flight to notice an unplug (docs/hardware.md §4.1)
      let active: boolean | null = null; // unknown until the first poll: no passage at start-up
      let lastPassageAt = -Infinity;
      let timer: unknown = null;
      let closed = false;
      const poll = async () => {
        try {
          const status = await getModemStatus(port);
          const now = status[options.line] !== options.activeLow;
          if (active === false && now && clock.now() - lastPassageAt >= options.holdoffMs) {
            lastPassageAt = clock.now();
            sink.passage();
          }
          active = now;
        } catch (error) {
          sink.lost(error);
          return;
        }
        if (!closed) timer = clock.setTimeout(() => void poll(), options.pollMs);
      };
      await poll();
      return {
        close: async () => {
          closed = true;
          if (timer !== null) clock.clearTimeout(timer);
          await closeSerialPort(port);
        },
      };
    },
  });
}
