import { z } from 'zod';
import { Id } from './common.js';
import { Reauthentication } from './web-app.js';

/**
 * The owner's import and export in the staff web app (server/src/web/import/). Each asks for the
 * password again. A commit carries the file and the SHA-256 its dry run answered: only the content
 * that was dry-run, clean, by the same staff member, is imported.
 */

/** The import file (docs/import-format.md) as parsed JSON; its shape is the importer's to check, every problem at once. */
export const ImportFileBody = z.record(z.string(), z.unknown()).describe('The import file (docs/import-format.md)');
export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lower-case hex');

export const ImportDryRunRequest = Reauthentication.extend({ file: ImportFileBody });
export const ImportCommitRequest = Reauthentication.extend({ file: ImportFileBody, sha256: Sha256.describe("The dry run's `sha256`") });
export const ExportRequest = Reauthentication;

/** Rows per table: `companies`, `locations`, `services`, `classes`, ... */
const TableCounts = z.record(z.string(), z.number().int());

export const ImportDryRunReport = z.object({
  dry_run: z.literal(true),
  ok: z.boolean().describe('True when the file would be imported as it is'),
  sha256: Sha256.describe("The file's canonical SHA-256: what the commit carries"),
  company_id: Id,
  would_create: TableCounts.describe("Rows per table the file's valid entries would create"),
  problems: z.array(z.string()).describe('Every problem, each as `path: message`'),
});
export type ImportDryRunReport = z.infer<typeof ImportDryRunReport>;

export const ImportCommitted = z.object({
  company_id: Id,
  created: TableCounts,
  ids: z.record(z.string(), z.record(z.string(), Id)).describe('The id of every entry with a ref, per section'),
});
export type ImportCommitted = z.infer<typeof ImportCommitted>;

/** Where the company's running import stands (server/src/modules/setup/import-jobs.ts); the web app polls it while its request runs. */
export const ImportRun = z.object({
  kind: z.enum(['dry_run', 'commit']),
  phase: z.enum(['reading', 'checking', 'writing', 'done']).describe('Reading the file, checking it, writing its rows (one transaction), done'),
  rows_written: z.number().int().describe('Rows written so far (while writing)'),
  rows_total: z.number().int().describe('Rows the import writes in all; 0 until it is checked'),
  started_at: z.string().describe('When the import started (ISO 8601 UTC)'),
});
export type ImportRun = z.infer<typeof ImportRun>;
export const ImportProgress = z.object({ running: ImportRun.nullable().describe("The company's import now running, or null") });
export type ImportProgress = z.infer<typeof ImportProgress>;

export const ExportFile = z.record(z.string(), z.unknown()).describe('The company as an import file (docs/import-format.md)');
