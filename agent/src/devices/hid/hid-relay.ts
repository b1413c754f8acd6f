import { DeviceError } from '../errors.js';
import { SupervisedRelay, type RelayHandle } from '../relays/supervised-relay.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import type { Relay } from '../types.js';
import { allOffReport, channelReport, parseStateMask, stateReport } from './dcttech-protocol.js';
import type { HidDevice, HidOpener, HidTarget } from './hid-device.js';

export interface HidRelayOptions extends SupervisionDeps {
  id: string;
  target: HidTarget;
  opener: HidOpener;
  channel: number;
  /** Read the state back after every write and fail on a mismatch (boards that support it). */
  verifyState: boolean;
  maxOnMs: number;
  guardGraceMs: number;
  writeTimeoutMs: number;
}

/** A dcttech-style HID relay channel (docs/hardware.md §2.2), feature reports only. */
export function createHidRelay(options: HidRelayOptions): Relay {
  return new SupervisedRelay({
    ...options,
    driver: 'hid-relay',
    open: async (loss) => {
      const device = await options.opener.open(options.target);
      // No data listener: relays send no input reports; a write failure reveals an unplug.
      device.on('error', (error) => loss.lost(error));
      return hidRelayHandle(device, options.channel, options.verifyState);
    },
  });
}

function hidRelayHandle(device: HidDevice, channel: number, verifyState: boolean): RelayHandle {
  const bit = 1 << (channel - 1);
  const verify = async (expectedMask: (mask: number) => boolean) => {
    if (!verifyState) return;
    const response = await device.getFeatureReport(stateReport.reportId, stateReport.length);
    const mask = parseStateMask(response);
    if (mask === null || !expectedMask(mask)) {
      throw new DeviceError('RELAY_STATE_MISMATCH', `relay state read back ${mask === null ? 'unreadable' : `0x${mask.toString(16)}`}`);
    }
  };
  return {
    async set(on) {
      await device.sendFeatureReport(channelReport(channel, on));
      await verify((mask) => ((mask & bit) !== 0) === on);
    },
    async allOff() {
      await device.sendFeatureReport(allOffReport());
      await verify((mask) => mask === 0);
    },
    close: () => device.close(),
  };
}
