import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { created, implement, ok } from '../../http/route.js';
import { ImportJobs } from '../../modules/setup/import-jobs.js';
import { webCommitImport, webDryRun, webExport, webImportProgress } from '../../modules/setup/staff-import-export.js';

/**
 * The owner's import (dry run, then commit of that content, each in a worker thread, its progress
 * polled) and export, below `/app/api`.
 */
export function importRoutes(clock: Clock = systemClock) {
  const jobs = new ImportJobs(clock);
  return [
    implement(contracts.webImportDryRun, async ({ db, actor, body }) => ok(await webDryRun(db, actor, body, jobs, clock))),
    implement(contracts.webImportCommit, async ({ db, actor, body }) => created(await webCommitImport(db, actor, body, jobs, clock))),
    implement(contracts.webImportProgress, async ({ actor }) => ok(webImportProgress(actor, jobs))),
    implement(contracts.webExport, async ({ db, actor, body }) => ok(await webExport(db, actor, body.password, clock))),
  ];
}
