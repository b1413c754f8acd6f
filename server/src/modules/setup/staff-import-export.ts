import { ApiError } from '@studio/shared';
import type { ImportProgress } from '@studio/shared/schemas/web-import';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { exportBusiness } from './export.js';
import { importFingerprint } from './import-fingerprint.js';
import { ImportError } from './import-problems.js';
import type { ImportJobs } from './import-jobs.js';
import { dryRunInWorker, importInWorker } from './import-job.js';
import type { DryRunReport, ImportSummary } from './importer.js';
import { recordAudit } from '../staff-accounts/audit.js';
import { reauthenticate } from '../staff-accounts/reauthenticate.js';

/** How long a clean dry run may be committed. */
export const dryRunLifetimeMs = 60 * 60_000;

/**
 * The business import and export of the web app: the owner's alone, with the password again. The
 * file always goes into the owner's own company. A dry run is written to the staff audit log with
 * its SHA-256; a commit imports only content a clean dry run of the same account checked within
 * the hour, running every check again (the database may have changed meanwhile). Both run in a
 * worker thread, one at a time per company (import-job.ts, import-jobs.ts), and say how far they are.
 */
function ownerOnly(actor: Actor): string {
  if (actor.identity.kind !== 'staff_user' || actor.identity.role !== 'owner') {
    throw new ApiError('role_not_allowed', 'Only an owner may import or export the business.');
  }
  return actor.identity.staffUserId;
}

async function ownerAgain(db: Db, actor: Actor, password: string, clock: Clock): Promise<string> {
  const accountId = ownerOnly(actor);
  await reauthenticate(db, actor, password, clock);
  return accountId;
}

/** Where the company's running import stands, for its owner's import page. */
export function webImportProgress(actor: Actor, jobs: ImportJobs): ImportProgress {
  ownerOnly(actor);
  return { running: jobs.current(actor.companyId) };
}

export async function webDryRun(db: Db, actor: Actor, body: { password: string; file: unknown }, jobs: ImportJobs, clock: Clock = systemClock): Promise<DryRunReport> {
  await ownerAgain(db, actor, body.password, clock);
  const report = await jobs.run(actor.companyId, 'dry_run', (onProgress) => dryRunInWorker(db, body.file, { companyId: actor.companyId, clock, onProgress }));
  await recordAudit(
    db,
    db,
    actor,
    { action: 'import_dry_run', targetAccountId: null, details: { sha256: report.sha256, ok: report.ok, problems: report.problems.length, would_create: report.would_create } },
    clock,
  );
  return report;
}

export async function webCommitImport(db: Db, actor: Actor, body: { password: string; file: unknown; sha256: string }, jobs: ImportJobs, clock: Clock = systemClock): Promise<ImportSummary> {
  const accountId = await ownerAgain(db, actor, body.password, clock);
  if (importFingerprint(body.file) !== body.sha256) {
    throw new ApiError('import_not_dry_run', 'This file is not the one that was dry-run (its content changed). Dry-run it again, then commit.', { param: 'file' });
  }
  const since = toIso(clock() - dryRunLifetimeMs);
  const dryRuns = await db.all(
    db.qb
      .selectFrom('staff_audit_log')
      .select('details')
      .where('company_id', '=', actor.companyId)
      .where('actor_account_id', '=', accountId)
      .where('action', '=', 'import_dry_run')
      .where('at', '>=', since),
  );
  const clean = dryRuns.some((row) => {
    const details = JSON.parse(row.details ?? '{}') as { sha256?: string; ok?: boolean };
    return details.sha256 === body.sha256 && details.ok === true;
  });
  if (!clean) throw new ApiError('import_not_dry_run', 'Commit a file after a dry run of it without problems, within the hour: dry-run it again.', { param: 'sha256' });

  let summary: ImportSummary;
  try {
    summary = await jobs.run(actor.companyId, 'commit', (onProgress) => importInWorker(db, body.file, { companyId: actor.companyId, clock, onProgress }));
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    throw new ApiError(
      'import_refused',
      `The import was refused, nothing was written: ${error.problems.length === 1 ? '1 problem' : `${error.problems.length} problems`}. Fix them and dry-run again.`,
      {
        details: { problems: error.problems },
      },
    );
  }
  await recordAudit(db, db, actor, { action: 'import_committed', targetAccountId: null, details: { sha256: body.sha256, created: summary.created } }, clock);
  return summary;
}

export async function webExport(db: Db, actor: Actor, password: string, clock: Clock = systemClock): Promise<Record<string, unknown>> {
  await ownerAgain(db, actor, password, clock);
  const file = await exportBusiness(db, actor.companyId);
  await recordAudit(db, db, actor, { action: 'business_exported', targetAccountId: null }, clock);
  return file;
}
