import type { ScenarioResult } from '../report.js';
import type { ChaosSettings } from '../settings.js';
import { agentKill } from './agent-kill.js';
import { agentOutage } from './agent-outage.js';
import { clockJump } from './clock-jump.js';
import { deviceUnplug } from './device-unplug.js';
import { diskFull } from './disk-full.js';
import { postgresRestart } from './postgres-restart.js';
import { serverKill } from './server-kill.js';
import { webhookKill } from './webhook-kill.js';

export interface Scenario {
  /** For `--only`. */
  id: string;
  run(settings: ChaosSettings): Promise<ScenarioResult>;
}

/** Every fault scenario, in the order the table lists them. */
export const scenarios: Scenario[] = [
  { id: 'postgres-restart', run: (s) => postgresRestart(s.postgresRestart) },
  { id: 'server-kill-sqlite', run: (s) => serverKill('sqlite', s.serverKill) },
  { id: 'server-kill-postgres', run: (s) => serverKill('postgres', s.serverKill) },
  { id: 'disk-full', run: (s) => diskFull(s.diskFull) },
  { id: 'agent-outage', run: (s) => agentOutage(s.agentOutage) },
  { id: 'agent-kill', run: (s) => agentKill(s.agentKill) },
  { id: 'device-unplug', run: (s) => deviceUnplug(s.deviceUnplug) },
  { id: 'clock-jump', run: (s) => clockJump(s.clockJump) },
  { id: 'webhook-kill-sqlite', run: (s) => webhookKill('sqlite', s.webhookKill) },
  { id: 'webhook-kill-postgres', run: (s) => webhookKill('postgres', s.webhookKill) },
];
