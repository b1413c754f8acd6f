import { SupervisedRelay } from '../relays/supervised-relay.js';
import { sleep, systemClock } from '../supervision/clock.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import type { Relay } from '../types.js';
import { lcusAllOffCommands, lcusCommand } from './lcus-protocol.js';
import { closeSerialPort, openSerialPort, writeSerial, type SerialSettings } from './serial-port.js';

export interface LcusRelayOptions extends SupervisionDeps {
  id: string;
  serial: SerialSettings;
  channel: number;
  /** Channels on the board; all-off switches each of them off. */
  boardChannels: number;
  /** Pause between consecutive commands of an all-off. */
  commandGapMs: number;
  maxOnMs: number;
  guardGraceMs: number;
  writeTimeoutMs: number;
}

/**
 * One channel of an LCUS board. Write-only: status queries differ per board or are absent
 * (docs/hardware.md §0.7, §2.1), so the commanded state is what the relay layer tracks.
 */
export function createLcusRelay(options: LcusRelayOptions): Relay {
  const clock = options.clock ?? systemClock;
  return new SupervisedRelay({
    ...options,
    driver: 'lcus',
    open: async (loss) => {
      const port = await openSerialPort(options.serial, loss);
      // Keep a read in flight so an unplug is noticed (docs/hardware.md §4.1); replies are not used.
      port.on('data', () => undefined);
      return {
        set: (on) => writeSerial(port, lcusCommand(options.channel, on)),
        allOff: async () => {
          // A C# driver waits 50 ms between commands (docs/hardware.md §2.1); whether boards need it is still to confirm.
          for (const [index, command] of lcusAllOffCommands(options.boardChannels).entries()) {
            if (index > 0 && options.commandGapMs > 0) await sleep(clock, options.commandGapMs);
            await writeSerial(port, command);
          }
        },
        close: () => closeSerialPort(port),
      };
    },
  });
}
