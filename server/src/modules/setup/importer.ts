import { isUniqueViolation } from '../../db/errors.js';
import { refreshStatistics } from '../../db/statistics.js';
import type { Db, Queryable } from '../../db/types.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { createCompany } from '../companies/repository.js';
import { nextFeedSeq } from '../feed/sequence.js';
import { seriesClassRows, type SeriesRow } from '../classes/series-classes.js';
import { importedTables, type ImportedTable, type PlannedSeries, type Row } from './import-context.js';
import { databaseProblems } from './import-database-checks.js';
import { earlierImport, importFingerprint, recordImport, repeatedImportProblem } from './import-fingerprint.js';
import { planImport, type ImportPlan } from './import-plan.js';
import { findExisting } from './import-existing.js';
import { refuseTooManyClasses } from './import-limits.js';
import { parseImportFile } from './import-parse.js';
import { ImportError, Problems } from './import-problems.js';
import type { ImportSectionName } from './import-schema.js';

export interface ImportOptions {
  /** Add the file's entries to this existing company instead of creating the file's company. */
  companyId?: string;
  /** Import even if the same content was imported into the same target before (refused otherwise). */
  again?: boolean;
  /** When the import happens: the rows' creation time and the fingerprint's. */
  clock?: Clock;
  /** Told each step: what is being done, and while writing, how many rows are written (awaited: it may fail the import). */
  onProgress?: ProgressListener;
}

/** Where an import stands: read and checked, then written row by row (all in one transaction), then done. */
export interface ImportProgress {
  phase: 'reading' | 'checking' | 'writing' | 'done';
  rows_written: number;
  /** Every row the import writes (0 until it is checked). */
  rows_total: number;
}

export type ProgressListener = (progress: ImportProgress) => void | Promise<void>;

type CreatedCounts = Record<'companies' | ImportedTable, number>;

export interface ImportSummary {
  company_id: string;
  /** Rows written per table (`companies` is 1 when the file's company was created). */
  created: CreatedCounts;
  /** The id of every entry that has a ref (gift cards: a code), per section. */
  ids: Partial<Record<ImportSectionName, Record<string, string>>>;
}

/** What a dry run answers: every problem at once, and what the file's valid entries would create. Nothing is written. */
export interface DryRunReport {
  dry_run: true;
  /** True when the file would be imported as it is. */
  ok: boolean;
  /** The SHA-256 of the file's canonical content: what a commit of this dry run must carry. */
  sha256: string;
  /** The company the entries would go into (a new company's id is random unless the file gives one). */
  company_id: string;
  /** Rows per table the valid entries would create. */
  would_create: CreatedCounts;
  /** Every problem, each as `path: message`; empty when `ok`. */
  problems: string[];
}

interface ImportCheck {
  plan: ImportPlan;
  /** When the check ran: the rows' creation time. */
  now: string;
  sha256: string;
  problems: string[];
}

/**
 * A checked import as plain data, ready to be written: what a worker thread hands back
 * (import-job.ts). The classes of each series are not in `rows`; they are expanded as they are written.
 */
export interface PlannedImport {
  companyId: string;
  newCompany: ImportPlan['newCompany'];
  rows: ImportPlan['rows'];
  series: PlannedSeries[];
  sha256: string;
  now: string;
  summary: ImportSummary;
}

/** Rows per multi-row insert: far under SQLite's and Postgres's bound-parameter limits. */
const rowsPerInsert = 100;

/**
 * Everything an import checks, in one pass that lists every problem: the schema of every entry,
 * the number of classes it would create (refused past the cap, import-limits.ts), the existing
 * entries it names, every reference, clashes within the file and, unless the same content was
 * imported into the same target before (whose clashes on every id would bury that reason), clashes
 * with the database. It only reads the database.
 */
async function checkImport(db: Db, file: unknown, options: ImportOptions): Promise<ImportCheck> {
  await options.onProgress?.({ phase: 'reading', rows_written: 0, rows_total: 0 });
  const problems = new Problems();
  const parsed = parseImportFile(file);
  refuseTooManyClasses(parsed);
  problems.list.push(...parsed.problems);
  await options.onProgress?.({ phase: 'checking', rows_written: 0, rows_total: 0 });
  const existing = await findExisting(db, parsed.existing, options.companyId, problems);
  const now = toIso((options.clock ?? systemClock)());
  const plan = planImport(parsed, existing, options.companyId, now, problems);
  const sha256 = importFingerprint(file);
  const earlier = options.again ? undefined : await earlierImport(db, sha256, plan.newCompany ? { newCompany: true } : { newCompany: false, companyId: plan.companyId });
  if (earlier) problems.list.push(repeatedImportProblem(earlier));
  else problems.list.push(...(await databaseProblems(db, plan)));
  return { plan, now, sha256, problems: problems.list };
}

/** Checks the file as an import would, writing nothing: the report lists every problem and what would be created. */
export async function dryRunImport(db: Db, file: unknown, options: ImportOptions = {}): Promise<DryRunReport> {
  const { plan, sha256, problems } = await checkImport(db, file, options);
  const report: DryRunReport = { dry_run: true, ok: problems.length === 0, sha256, company_id: plan.companyId, would_create: counts(plan), problems };
  await options.onProgress?.({ phase: 'done', rows_written: 0, rows_total: 0 });
  return report;
}

/** Checks the file as `importBusiness` does and answers what to write, writing nothing; an ImportError lists every problem. */
export async function planBusinessImport(db: Db, file: unknown, options: ImportOptions = {}): Promise<PlannedImport> {
  const { plan, now, sha256, problems } = await checkImport(db, file, options);
  if (problems.length) throw new ImportError(problems);
  return { companyId: plan.companyId, newCompany: plan.newCompany, rows: plan.rows, series: plan.series, sha256, now, summary: summary(plan) };
}

/**
 * Imports a whole business from an import file (docs/import-format.md). Everything is checked
 * first (checkImport), then written in one transaction with the file's fingerprint: either every
 * entry is imported or, with an ImportError listing every problem, none.
 */
export async function importBusiness(db: Db, file: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  return writePlannedImport(db, await planBusinessImport(db, file, options), options.onProgress);
}

/**
 * Writes a checked import in one transaction, `rowsPerInsert` rows a statement, each series'
 * classes expanded as they are written, and lets other work run between statements: nothing
 * is written unless all of it is. On SQLite other requests' queries wait for the transaction;
 * on Postgres they go on beside it.
 */
export async function writePlannedImport(db: Db, planned: PlannedImport, onProgress?: ProgressListener): Promise<ImportSummary> {
  const total = Object.values(planned.summary.created).reduce((sum, count) => sum + count, 0);
  let written = 0;
  const report = async (rows: number) => {
    written += rows;
    await onProgress?.({ phase: 'writing', rows_written: written, rows_total: total });
    // Between two statements, the requests that came in meanwhile are served.
    await new Promise((resolve) => setImmediate(resolve));
  };
  const insert = async (tx: Queryable, table: ImportedTable, rows: readonly object[]) => {
    for (let i = 0; i < rows.length; i += rowsPerInsert) {
      const chunk = rows.slice(i, i + rowsPerInsert);
      // Kysely cannot type an insert over a union of tables; these are rows of `table`.
      await tx.run(db.qb.insertInto(table as 'locations').values(chunk as Row<'locations'>[]));
      await report(chunk.length);
    }
  };

  try {
    await db.transaction(async (tx) => {
      await report(0);
      if (planned.newCompany) {
        await createCompany(db, planned.newCompany, tx);
        await report(1);
      }
      await recordImport(db, tx, { sha256: planned.sha256, companyId: planned.companyId, createdCompany: planned.newCompany !== null, importedAt: planned.now });
      // Inside the transaction, after the company exists: the eligibility feed's next delta then
      // carries every imported identifier (modules/feed/sequence.ts).
      const feedSeq = planned.rows.credential_keys.length ? await nextFeedSeq(db, tx, planned.companyId) : 0;
      for (const table of importedTables) {
        await insert(tx, table, table === 'credential_keys' ? planned.rows.credential_keys.map((row) => ({ ...row, feed_seq: feedSeq })) : planned.rows[table]);
      }
      const seriesRows = new Map(planned.rows.class_series.map((row) => [row.id, row as SeriesRow]));
      for (const { id, zone } of planned.series) {
        const series = seriesRows.get(id)!;
        await insert(tx, 'classes', seriesClassRows(series, zone, { from: series.starts_on, to: series.ends_on }, -Infinity, planned.now));
      }
    });
  } catch (error) {
    // The checks passed, so another writer took a unique value (a code, an id) meanwhile.
    if (isUniqueViolation(error)) throw new ImportError([`(database): ${(error as Error).message}; nothing was written, try again`]);
    throw error;
  }
  await refreshStatistics(
    db,
    importedTables.filter((table) => planned.summary.created[table] > 0),
  );
  await onProgress?.({ phase: 'done', rows_written: written, rows_total: total });
  return planned.summary;
}

function counts(plan: ImportPlan): CreatedCounts {
  const created = { companies: plan.newCompany ? 1 : 0 } as CreatedCounts;
  for (const table of importedTables) created[table] = plan.rows[table].length;
  created.classes += plan.series.reduce((sum, series) => sum + series.classes, 0);
  return created;
}
function summary(plan: ImportPlan): ImportSummary {
  const created = counts(plan);
  const ids: ImportSummary['ids'] = {};
  for (const section of Object.values(plan.sections)) {
    const named = section.items.flatMap((item) => {
      const entry = item.entry as { ref?: string; code?: string };
      const key = entry.ref ?? entry.code;
      return key === undefined ? [] : [[key, item.id] as const];
    });
    if (named.length) ids[section.name] = Object.fromEntries(named);
  }
  return { company_id: plan.companyId, created, ids };
}
