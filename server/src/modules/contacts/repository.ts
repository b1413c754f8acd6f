import { sql as raw, type Insertable } from 'kysely';
import { contactSearchIndexFilter } from '../../db/contact-search-index.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import { foldForSearch } from './phone.js';

export type ContactRow = Insertable<Tables['contacts']>;

export const contactColumns = ['id', 'location_id', 'first_name', 'last_name', 'phone', 'email', 'notes', 'created_at', 'updated_at'] as const;

export function findContact(db: Db, sql: Queryable, companyId: string, id: string) {
  return sql.first(db.qb.selectFrom('contacts').select(contactColumns).where('id', '=', id).where('company_id', '=', companyId));
}

export function findContactByPhone(db: Db, sql: Queryable, locationId: string, phone: string) {
  return sql.first(db.qb.selectFrom('contacts').select(contactColumns).where('location_id', '=', locationId).where('phone', '=', phone));
}

/** Inserts unless a contact with the same phone exists at the location; true when inserted. */
export async function insertContactUnlessPhoneTaken(db: Db, sql: Queryable, row: ContactRow): Promise<boolean> {
  const inserted = await sql.run(
    db.qb
      .insertInto('contacts')
      .values(row)
      .onConflict((oc) => oc.columns(['location_id', 'phone']).doNothing()),
  );
  return inserted === 1;
}

/** Words of a search, folded like `search_text`; a phone-like word keeps only its digits. */
export function searchWords(search: string): string[] {
  return foldForSearch(search)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/^[\d\s()+.\-]+$/.test(word) && /\d/.test(word) ? word.replace(/\D/g, '') : word));
}

/**
 * Every word must appear in `search_text` (`like`, on both dialects); the dialect's trigram index
 * narrows the rows first (server/src/db/contact-search-index.ts).
 */
export function contactListQuery(db: Db, companyId: string, locations: readonly string[] | null, search: string | undefined) {
  let query = db.qb.selectFrom('contacts').select(contactColumns).where('company_id', '=', companyId);
  if (locations) query = query.where('location_id', 'in', locations);
  const words = search ? searchWords(search) : [];
  const narrowed = contactSearchIndexFilter(db, words);
  if (narrowed) query = query.where(narrowed);
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(raw<boolean>`${raw.ref('search_text')} like ${pattern} escape '\\'`);
  }
  return query;
}
