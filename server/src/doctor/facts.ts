/**
 * What `studio doctor` finds out about an installation, gathered once (gather.ts) and judged by
 * pure checks (checks.ts): tests hand the checks any facts they like, with any clock.
 */

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

export type DatabaseFacts = { dialect: 'sqlite' | 'postgres'; where: string } & ({ answered: true; ms: number } | { answered: false; problem: string });

/** The folder and files of a SQLite database; null for Postgres, whose files are on its own server. */
export interface StorageFacts {
  directory: string;
  /** Permission bits; null when the folder does not exist. */
  directoryMode: number | null;
  /** The database file and the WAL files beside it that exist, with their permission bits. */
  files: { path: string; mode: number }[];
  disk: DiskSpace | { problem: string };
}

export interface AgentKey {
  name: string;
  last4: string;
  /** null: every location. */
  locationIds: string[] | null;
}

/** The newest check-in (visit or refusal) a device reported, by its `device_id`. */
export interface DeviceActivity {
  deviceId: string;
  lastAt: string;
}

/** What the database holds that the checks read; null when it did not answer. */
export interface ContentFacts {
  recordedMigrations: string[];
  /** The newest time the server wrote, and where it was found (`table.column`). */
  newestRow: { at: string; source: string } | null;
  /** Live keys with a device's scope (`checkin:members`): the agents'. */
  agentKeys: AgentKey[];
  devices: DeviceActivity[];
}

export interface DoctorFacts {
  now: Date;
  /** The environment's problems (`NAME: message` lines), or null when it is valid. */
  configProblem: string | null;
  knownMigrations: string[];
  database: DatabaseFacts;
  storage: StorageFacts | null;
  content: ContentFacts | null;
  /** Why the content could not be read although the database answered. */
  contentProblem: string | null;
}
