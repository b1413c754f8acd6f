import type { AgentDatabase } from './database.js';
import { baseSchema } from './migration-1-base.js';
import { kioskTablesAndLateIndexes } from './migration-2-kiosk.js';
import { kioskBranding } from './migration-3-kiosk-branding.js';
import { passTables } from './migration-4-passes.js';

/** One step of the schema: run once, in order, in its own transaction with `user_version` set to its number. */
export interface Migration {
  version: number;
  name: string;
  up(db: AgentDatabase): void;
}

/**
 * The agent database's schema, step by step. Append a step to change it (a new table for a new
 * offline report, a column); never edit one a box may have run. Table names never change, so
 * boxes in the field keep their rows.
 */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'base schema and the one-time feed reload for the door setting', up: baseSchema },
  { version: 2, name: 'kiosk tables and the refused-voids index', up: kioskTablesAndLateIndexes },
  { version: 3, name: "the kiosk's branding beside the location's name and zone", up: kioskBranding },
  { version: 4, name: "phone passes: the location's pass keys and each member's last accepted step", up: passTables },
];

export function schemaVersion(db: AgentDatabase): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Runs the steps past the database's `user_version`, each with its version in one transaction: a
 * crash leaves the database at the last step that committed, and the next open goes on from there.
 * A database of a newer agent (a box rolled back) is left as it is: its steps are not known here.
 */
export function migrate(db: AgentDatabase, steps: readonly Migration[] = migrations): void {
  for (const step of steps) {
    if (step.version <= schemaVersion(db)) continue;
    db.transaction(() => {
      step.up(db);
      db.pragma(`user_version = ${step.version}`);
    })();
  }
}
