import { SupervisedRelay } from '../relays/supervised-relay.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import type { Relay } from '../types.js';
import { closeSerialPort, openSerialPort, setModemLines, type SerialSettings } from './serial-port.js';

export interface DtrRelayOptions extends SupervisionDeps {
  id: string;
  serial: SerialSettings;
  /** The modem line wired to the relay driver; the other line is held de-asserted. */
  line: 'dtr' | 'rts';
  /** The relay is energised while the line is de-asserted (active-low wiring). */
  activeLow: boolean;
  maxOnMs: number;
  guardGraceMs: number;
  writeTimeoutMs: number;
}

/**
 * A relay on a USB-UART's DTR or RTS line (docs/hardware.md §2.3). Linux asserts both lines when the tty
 * opens, so an active-high relay clicks between open and the first `set()`, which the all-off right
 * after open ends; wire it active-low (or use an LCUS/HID board) where that blip matters. Both lines
 * are passed on every `set()` (docs/hardware.md §0.3).
 */
export function createDtrRelay(options: DtrRelayOptions): Relay {
  const lines = (on: boolean) => {
    const level = on !== options.activeLow;
    return options.line === 'dtr' ? { dtr: level, rts: false } : { dtr: false, rts: level };
  };
  return new SupervisedRelay({
    ...options,
    driver: 'serial-dtr',
    open: async (loss) => {
      const port = await openSerialPort(options.serial, loss);
      port.on('data', () => undefined); // keep a read in flight to notice an unplug (docs/hardware.md §4.1)
      return {
        set: (on) => setModemLines(port, lines(on)),
        allOff: () => setModemLines(port, lines(false)),
        close: () => closeSerialPort(port),
      };
    },
  });
}
