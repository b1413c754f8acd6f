import { sql, type RawBuilder } from 'kysely';
import type { Db } from './types.js';

/** The trigram indexes serve words of this many characters or more (migrations/005-contact-search.ts). */
const indexedWordLength = 3;

/** An FTS5 query for rows holding every word: each a quoted phrase, which a trigram index matches anywhere in the text. */
function ftsQuery(words: readonly string[]): string {
  return words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
}

/**
 * A condition on `contacts` that narrows a search for `words` through SQLite's FTS5 trigram index,
 * which a `like` cannot use; the `like` on every word still decides. Undefined on Postgres, whose
 * planner uses its trigram index for the `like` itself, and when no word is long enough.
 */
export function contactSearchIndexFilter(db: Db, words: readonly string[]): RawBuilder<boolean> | undefined {
  const indexed = words.filter((word) => [...word].length >= indexedWordLength);
  if (db.dialect !== 'sqlite' || indexed.length === 0) return undefined;
  return sql<boolean>`rowid in (select rowid from contacts_search where contacts_search match ${ftsQuery(indexed)})`;
}
