import type { AgentKillSettings } from './scenarios/agent-kill.js';
import type { AgentOutageSettings } from './scenarios/agent-outage.js';
import type { ClockJumpSettings } from './scenarios/clock-jump.js';
import type { DeviceUnplugSettings } from './scenarios/device-unplug.js';
import type { DiskFullSettings } from './scenarios/disk-full.js';
import type { PostgresRestartSettings } from './scenarios/postgres-restart.js';
import type { ServerKillSettings } from './scenarios/server-kill.js';
import type { WebhookKillSettings } from './scenarios/webhook-kill.js';

/** The sizes of a run: `quick` is what `npm test` runs (bounded to seconds per scenario), `full` is `npm run chaos`. */
export interface ChaosSettings {
  postgresRestart: PostgresRestartSettings;
  serverKill: ServerKillSettings;
  diskFull: DiskFullSettings;
  agentOutage: AgentOutageSettings;
  agentKill: AgentKillSettings;
  deviceUnplug: DeviceUnplugSettings;
  clockJump: ClockJumpSettings;
  webhookKill: WebhookKillSettings;
}

const load = { concurrency: 8, timeoutMs: 10_000, badInputEvery: 20 };

export const quickSettings: ChaosSettings = {
  postgresRestart: { ...load, checkIns: 100, bookings: 100, classCheckIns: 40, classes: 6, outageMs: 300 },
  serverKill: { ...load, checkIns: 80, bookings: 80, classCheckIns: 40, classes: 6, kills: 2 },
  diskFull: { ...load, checkIns: 120, bookings: 120, classCheckIns: 60, classes: 6, episodes: 1, fullMs: 300 },
  agentOutage: { scans: 300, admitted: 60, refused: 6 },
  agentKill: { kills: 3, admitted: 20, refused: 3 },
  deviceUnplug: { cycles: 1, admitted: 12 },
  clockJump: { scansPerPhase: 6 },
  webhookKill: {
    checkIns: 40,
    bookings: 30,
    classCheckIns: 20,
    classes: 3,
    updates: 30,
    raceCapacity: 5,
    raceRefusals: 10,
    creates: 60,
    kills: 3,
    concurrency: 6,
    timeoutMs: 10_000,
    drainTimeoutMs: 30_000,
  },
};

export const fullSettings: ChaosSettings = {
  postgresRestart: { ...load, concurrency: 16, checkIns: 1500, bookings: 1500, classCheckIns: 600, classes: 30, outageMs: 2000 },
  serverKill: { ...load, concurrency: 16, checkIns: 800, bookings: 800, classCheckIns: 400, classes: 20, kills: 10 },
  diskFull: { ...load, concurrency: 16, checkIns: 1000, bookings: 1000, classCheckIns: 400, classes: 20, episodes: 3, fullMs: 1000 },
  agentOutage: { scans: 5000, admitted: 500, refused: 25 },
  agentKill: { kills: 20, admitted: 60, refused: 6 },
  deviceUnplug: { cycles: 6, admitted: 30 },
  clockJump: { scansPerPhase: 25 },
  webhookKill: {
    checkIns: 300,
    bookings: 200,
    classCheckIns: 100,
    classes: 10,
    updates: 200,
    raceCapacity: 20,
    raceRefusals: 40,
    creates: 400,
    kills: 12,
    concurrency: 12,
    timeoutMs: 10_000,
    drainTimeoutMs: 120_000,
  },
};
