import { createHash, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/types.js';

/**
 * The file's JSON with every object's keys sorted and no white space: the same content however it
 * was formatted or ordered, so re-saving a file in an editor does not make it a new one.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 (hex) of the file's canonical content. */
export function importFingerprint(file: unknown): string {
  return createHash('sha256').update(canonicalJson(file)).digest('hex');
}

/** Where an import goes: a new company (the file's), or one that exists (`--company`). */
export type ImportTarget = { newCompany: true } | { newCompany: false; companyId: string };

export interface EarlierImport {
  company_id: string;
  company_name: string;
  imported_at: string;
}

/**
 * The latest import of the same content into the same target: as a new company, any company an
 * import of it created (still there: a deleted company takes its fingerprints with it); into a
 * company, any import of it into that company, whether it created the company or added to it.
 */
export async function earlierImport(db: Db, sha256: string, target: ImportTarget): Promise<EarlierImport | undefined> {
  let query = db.qb
    .selectFrom('import_fingerprints as f')
    .innerJoin('companies as c', 'c.id', 'f.company_id')
    .select(['f.company_id', 'c.name as company_name', 'f.imported_at'])
    .where('f.sha256', '=', sha256);
  query = target.newCompany ? query.where('f.created_company', '=', 1) : query.where('f.company_id', '=', target.companyId);
  return db.first(query.orderBy('f.imported_at', 'desc').limit(1));
}

/** Remembers an import, inside its transaction: written with its rows or not at all. */
export async function recordImport(db: Db, tx: Queryable, record: { sha256: string; companyId: string; createdCompany: boolean; importedAt: string }): Promise<void> {
  await tx.run(
    db.qb.insertInto('import_fingerprints').values({
      id: randomUUID(),
      company_id: record.companyId,
      sha256: record.sha256,
      created_company: record.createdCompany ? 1 : 0,
      imported_at: record.importedAt,
    }),
  );
}

/** The refusal's one line: when, where, and how to import it anyway. */
export function repeatedImportProblem(earlier: EarlierImport): string {
  return `(file): the same content was already imported on ${earlier.imported_at} into company ${earlier.company_id} ("${earlier.company_name}"); to import it again anyway, use --again`;
}
