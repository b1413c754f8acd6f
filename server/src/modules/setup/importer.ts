import { isUniqueViolation } from '../../db/errors.js';
import { refreshStatistics } from '../../db/statistics.js';
import type { Db } from '../../db/types.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { createCompany } from '../companies/repository.js';
import { nextFeedSeq } from '../feed/sequence.js';
import { importedTables, type ImportedTable, type Row } from './import-context.js';
import { databaseProblems } from './import-database-checks.js';
import { earlierImport, importFingerprint, recordImport, repeatedImportProblem } from './import-fingerprint.js';
import { planImport, type ImportPlan } from './import-plan.js';
import { ImportError, schemaProblems } from './import-problems.js';
import { ImportFile, type ImportSectionName } from './import-schema.js';

export interface ImportOptions {
  /** Add the file's entries to this existing company instead of creating the file's company. */
  companyId?: string;
  /** Import even if the same content was imported into the same target before (refused otherwise). */
  again?: boolean;
  /** When the import happens: the rows' creation time and the fingerprint's. */
  clock?: Clock;
}

export interface ImportSummary {
  company_id: string;
  /** Rows written per table (`companies` is 1 when the file's company was created). */
  created: Record<'companies' | ImportedTable, number>;
  /** The id of every entry that has a ref (gift cards: a code), per section. */
  ids: Partial<Record<ImportSectionName, Record<string, string>>>;
}

/** Rows per multi-row insert: far under SQLite's and Postgres's bound-parameter limits. */
const rowsPerInsert = 100;

/**
 * Imports a whole business from an import file (docs/import-format.md). Everything is checked
 * first (schema, references, the same content imported into the same target before, clashes
 * within the file and with the database), then written in one transaction with the file's
 * fingerprint: either every entry is imported or, with an ImportError listing every problem, none.
 */
export async function importBusiness(db: Db, file: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  const parsed = ImportFile.safeParse(file);
  if (!parsed.success) throw new ImportError(schemaProblems(parsed.error.issues, file));
  const now = toIso((options.clock ?? systemClock)());
  const plan = planImport(parsed.data, options.companyId, now);
  // Before the clashes: a file imported twice clashes on every id, which would bury the reason.
  const sha256 = importFingerprint(file);
  const earlier = options.again ? undefined : await earlierImport(db, sha256, plan.newCompany ? { newCompany: true } : { newCompany: false, companyId: plan.companyId });
  if (earlier) throw new ImportError([repeatedImportProblem(earlier)]);
  const clashes = await databaseProblems(db, plan);
  if (clashes.length) throw new ImportError(clashes);

  try {
    await db.transaction(async (tx) => {
      if (plan.newCompany) await createCompany(db, plan.newCompany, tx);
      await recordImport(db, tx, { sha256, companyId: plan.companyId, createdCompany: plan.newCompany !== null, importedAt: now });
      // Inside the transaction, after the company exists: the eligibility feed's next delta then
      // carries every imported identifier (modules/feed/sequence.ts).
      const feedSeq = plan.rows.credential_keys.length ? await nextFeedSeq(db, tx, plan.companyId) : 0;
      for (const table of importedTables) {
        const rows = table === 'credential_keys' ? plan.rows.credential_keys.map((row) => ({ ...row, feed_seq: feedSeq })) : plan.rows[table];
        for (let i = 0; i < rows.length; i += rowsPerInsert) {
          // Kysely cannot type an insert over a union of tables; these are rows of `table`.
          await tx.run(db.qb.insertInto(table as 'locations').values(rows.slice(i, i + rowsPerInsert) as Row<'locations'>[]));
        }
      }
    });
  } catch (error) {
    // The checks passed, so another writer took a unique value (a code, an id) meanwhile.
    if (isUniqueViolation(error)) throw new ImportError([`(database): ${(error as Error).message}; nothing was written, try again`]);
    throw error;
  }
  await refreshStatistics(
    db,
    importedTables.filter((table) => plan.rows[table].length > 0),
  );
  return summary(plan);
}

function summary(plan: ImportPlan): ImportSummary {
  const created = { companies: plan.newCompany ? 1 : 0 } as ImportSummary['created'];
  for (const table of importedTables) created[table] = plan.rows[table].length;
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
