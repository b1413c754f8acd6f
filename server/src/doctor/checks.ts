import { newerDatabaseMessage, unknownMigrations } from '../db/migrations/newer-database.js';
import type { DoctorFacts } from './facts.js';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  /** One line: what was found and, unless ok, what to do about it. */
  message: string;
}

const gigabyte = 1e9;
/** Warn below either; fail below `diskFailBytes`, where SQLite is about to refuse writes. */
export const diskWarnBytes = 1 * gigabyte;
export const diskWarnShare = 0.1;
export const diskFailBytes = 0.1 * gigabyte;
/** Several servers on one Postgres write with their own clocks: a skew this small is not a clock gone back. */
export const clockSlackMs = 5 * 60_000;
export const plausibleYears = { from: 2025, to: 2100 };
/** Devices that used to check members in and have not for this long are worth a look. */
export const agentQuietMs = 7 * 24 * 3600_000;

type Check = (facts: DoctorFacts) => CheckResult;
const result = (name: string, status: CheckStatus, message: string): CheckResult => ({ name, status, message });

const config: Check = ({ configProblem }) =>
  configProblem === null ? result('config', 'ok', 'the environment is valid') : result('config', 'fail', `${configProblem.replace(/:\n\s*/, ': ').replace(/\n\s*/g, '; ')}; fix the environment`);

const database: Check = ({ database: db, contentProblem }) => {
  const reach = db.dialect === 'postgres' ? 'check DATABASE_URL, and that Postgres runs and this machine may reach it' : 'check DATABASE_URL, or the folder given to studio with --data';
  if (!db.answered) return result('database', 'fail', `${db.where}: ${db.problem}; ${reach}`);
  if (contentProblem !== null) return result('database', 'fail', `${db.where} answers, but reading it failed: ${contentProblem}; restore a backup if it is damaged`);
  return result('database', 'ok', `${db.where} opens and answers (${db.ms} ms)`);
};

/** Why a SQLite-only check has nothing to look at. */
const noFiles = (facts: DoctorFacts) =>
  facts.database.dialect === 'postgres' ? 'not checked here: the database is on a Postgres server; check it there' : 'not checked: an in-memory database has no files';

const migrations: Check = ({ content, knownMigrations }) => {
  if (!content) return result('migrations', 'skip', 'not checked: the database did not answer');
  const unknown = unknownMigrations(content.recordedMigrations, knownMigrations);
  if (unknown.length) return result('migrations', 'fail', newerDatabaseMessage(unknown, knownMigrations));
  const pending = knownMigrations.filter((name) => !content.recordedMigrations.includes(name));
  if (pending.length) {
    return result('migrations', 'warn', `${pending.length} pending (${pending.join(', ')}): the next \`studio serve\` applies them; back up the database first (docs/upgrading.md)`);
  }
  return result('migrations', 'ok', `current: ${knownMigrations.length} applied, the newest ${knownMigrations.at(-1)}`);
};

const gb = (bytes: number) => `${(bytes / gigabyte).toFixed(1)} GB`;

const disk: Check = (facts) => {
  const { storage } = facts;
  if (!storage) return result('disk', 'skip', noFiles(facts));
  if ('problem' in storage.disk) return result('disk', 'warn', `cannot read the free space at ${storage.directory}: ${storage.disk.problem}`);
  const { freeBytes, totalBytes } = storage.disk;
  const share = totalBytes > 0 ? freeBytes / totalBytes : 0;
  const found = `${gb(freeBytes)} free of ${gb(totalBytes)} (${Math.floor(share * 100)} %) at ${storage.directory}`;
  const fix = 'free some space or move the data to a larger disk: the database cannot take a check-in once the disk is full';
  if (freeBytes < diskFailBytes) return result('disk', 'fail', `${found}: ${fix}`);
  if (freeBytes < diskWarnBytes || share < diskWarnShare) return result('disk', 'warn', `${found}: ${fix}`);
  return result('disk', 'ok', found);
};

const octal = (mode: number) => mode.toString(8).padStart(4, '0');

const permissions: Check = (facts) => {
  const { storage } = facts;
  if (!storage) return result('permissions', 'skip', noFiles(facts));
  if (storage.directoryMode === null) return result('permissions', 'skip', `no data directory at ${storage.directory}`);
  // Members' personal data, card numbers and the server's secrets: the server's own user only.
  const problems: string[] = [];
  if (storage.directoryMode & 0o077) problems.push(`${storage.directory} is ${octal(storage.directoryMode)} (chmod 700 ${storage.directory})`);
  for (const file of storage.files) {
    if (file.mode & 0o077) problems.push(`${file.path} is ${octal(file.mode)} (chmod 600 ${file.path})`);
  }
  if (problems.length) return result('permissions', 'warn', `others may read the database: ${problems.join('; ')}`);
  return result('permissions', 'ok', `${storage.directory} and its ${storage.files.length} database file(s) are the server user's alone`);
};

const clock: Check = ({ now, content }) => {
  const nowText = now.toISOString();
  const year = now.getUTCFullYear();
  if (year < plausibleYears.from || year > plausibleYears.to) return result('clock', 'warn', `the system time is ${nowText}, not a plausible date: set the clock (turn on NTP)`);
  const newest = content?.newestRow;
  if (newest && now.getTime() < Date.parse(newest.at) - clockSlackMs) {
    return result(
      'clock',
      'warn',
      `the system time ${nowText} is before ${newest.at}, the newest time the database recorded (${newest.source}): the clock went backwards; set it right (turn on NTP), since visit limits and class windows count by it`,
    );
  }
  return result('clock', 'ok', newest ? `system time ${nowText}; the newest recorded time ${newest.at} (${newest.source})` : `system time ${nowText}; no recorded time to compare`);
};

const agents: Check = ({ now, content }) => {
  if (!content) return result('agents', 'skip', 'not checked: the database did not answer');
  const { agentKeys, devices } = content;
  if (agentKeys.length === 0 && devices.length === 0) return result('agents', 'ok', 'no key may check members in (scope checkin:members) and no device has');
  const keys = agentKeys.map((key) => `"${key.name}" (…${key.last4})`).join(', ') || 'none';
  const seen = devices.map((device) => `${device.deviceId} ${device.lastAt}`).join(', ') || 'none yet';
  // The server does not record a key's use or an agent's feed sync: a device's newest check-in is the trace it leaves.
  const found = `live keys that may check members in: ${keys}; their last use is not recorded; the newest check-in by device: ${seen}`;
  const newest = devices.reduce((latest, device) => (device.lastAt > latest ? device.lastAt : latest), '');
  if (newest !== '' && now.getTime() - Date.parse(newest) > agentQuietMs) {
    return result('agents', 'warn', `${found}: no device has checked anyone in for over 7 days; look at each agent's /health (server.last_contact_at)`);
  }
  return result('agents', 'ok', found);
};

/** Every check, in the order printed. */
export const checks: Check[] = [config, database, migrations, disk, permissions, clock, agents];

export function runChecks(facts: DoctorFacts): CheckResult[] {
  return checks.map((check) => check(facts));
}
