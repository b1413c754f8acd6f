import { SupervisedRelay } from '../relays/supervised-relay.js';
import { systemClock } from '../supervision/clock.js';
import type { SupervisionDeps } from '../supervision/supervisor.js';
import type { Relay } from '../types.js';

export interface RelaySwitchRecord {
  at: Date;
  action: 'on' | 'off' | 'all-off';
}

export interface LogRelay extends Relay {
  /** Every switch the simulated board received, oldest first (bounded). */
  records(): readonly RelaySwitchRecord[];
}

export interface LogRelayOptions extends SupervisionDeps {
  id: string;
  maxOnMs: number;
  guardGraceMs: number;
  writeTimeoutMs: number;
}

const maxRecords = 1000;

/**
 * `studio-agent --simulate`: a relay board that only logs. It runs the same pulse, guard and
 * all-off logic as the real relays, so simulation exercises the real timing.
 */
export function createLogRelay(options: LogRelayOptions): LogRelay {
  const clock = options.clock ?? systemClock;
  const history: RelaySwitchRecord[] = [];
  const record = (action: RelaySwitchRecord['action']) => {
    history.push({ at: new Date(clock.now()), action });
    if (history.length > maxRecords) history.shift();
    options.logger.info({ action }, 'simulated relay switched');
  };
  const relay = new SupervisedRelay({
    ...options,
    driver: 'log',
    open: async () => ({
      set: async (on) => record(on ? 'on' : 'off'),
      allOff: async () => record('all-off'),
      close: async () => undefined,
    }),
  });
  return Object.assign(relay, { records: () => [...history] });
}
