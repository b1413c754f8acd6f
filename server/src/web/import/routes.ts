import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { created, implement, ok } from '../../http/route.js';
import { webCommitImport, webDryRun, webExport } from '../../modules/setup/staff-import-export.js';

/** The owner's import (dry run, then commit of that content) and export, below `/app/api`. */
export function importRoutes(clock: Clock = systemClock) {
  return [
    implement(contracts.webImportDryRun, async ({ db, actor, body }) => ok(await webDryRun(db, actor, body, clock))),
    implement(contracts.webImportCommit, async ({ db, actor, body }) => created(await webCommitImport(db, actor, body, clock))),
    implement(contracts.webExport, async ({ db, actor, body }) => ok(await webExport(db, actor, body.password, clock))),
  ];
}
