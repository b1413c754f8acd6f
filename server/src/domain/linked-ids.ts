import { ApiError } from '@studio/shared';
import type { Db } from '../db/types.js';

/** Refuses (404, naming the field) an id of `ids` that is not one of the company's locations or services. */
export async function requireCompanyIds(db: Db, companyId: string, table: 'locations' | 'services', ids: readonly string[] | null | undefined, param: string): Promise<void> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return;
  const found = new Set((await db.all(db.qb.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', 'in', wanted))).map((row) => row.id));
  const missing = wanted.find((id) => !found.has(id));
  if (missing) throw new ApiError('resource_missing', `No such ${table === 'locations' ? 'location' : 'service'}: ${missing}.`, { param });
}

/** A list of ids as stored (JSON text, duplicates dropped), or null for "not limited". */
export const storedIds = (ids: readonly string[] | null | undefined): string | null => (ids == null ? null : JSON.stringify([...new Set(ids)]));

export const readIds = (text: string | null): string[] | null => (text === null ? null : (JSON.parse(text) as string[]));
