import { sql } from 'kysely';
import type { Migration } from './migrate.js';

/**
 * An index for the contact search (`search_text` holds every word; a search word may match inside
 * one, so `like '%word%'`, which no b-tree serves). Measured at 100,000 members before it: 6
 * searches/s on SQLite at 181 ms of CPU each, the whole server held while one ran.
 * - SQLite: an FTS5 trigram index over `search_text`, kept by triggers, external content (the text
 *   is stored once, in `contacts`).
 * - Postgres: a GIN trigram index (pg_trgm, a trusted extension since Postgres 13), which serves the
 *   `like` itself.
 * Both serve words of 3 characters or more; shorter words still filter, by scanning.
 */
export const contactSearch: Migration = {
  name: '005-contact-search',
  async up(tx, db) {
    const statements =
      db.dialect === 'sqlite'
        ? [
            "create virtual table contacts_search using fts5(search_text, content='contacts', content_rowid='rowid', tokenize='trigram')",
            'create trigger contacts_search_insert after insert on contacts begin insert into contacts_search (rowid, search_text) values (new.rowid, new.search_text); end',
            "create trigger contacts_search_delete after delete on contacts begin insert into contacts_search (contacts_search, rowid, search_text) values ('delete', old.rowid, old.search_text); end",
            `create trigger contacts_search_update after update of search_text on contacts begin
               insert into contacts_search (contacts_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
               insert into contacts_search (rowid, search_text) values (new.rowid, new.search_text);
             end`,
            "insert into contacts_search (contacts_search) values ('rebuild')",
          ]
        : ['create extension if not exists pg_trgm', 'create index contacts_search_trigrams on contacts using gin (search_text gin_trgm_ops)'];
    for (const statement of statements) await tx.run(sql.raw(statement).compile(db.qb));
  },
};
