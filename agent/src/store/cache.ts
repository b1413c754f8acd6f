import type { EligibilityFeed, EligibilityRow } from '@studio/shared';
import type { z } from 'zod';
import type { AgentDatabase } from './database.js';

export type FeedPage = z.output<typeof EligibilityFeed>;
export type FeedRules = FeedPage['rules'];

export interface FeedState {
  locationId: string | null;
  cursor: string | null;
  hashKey: string | null;
  rules: FeedRules | null;
  /** Set when a full load reached its last page; null while none has (the cache is unusable). */
  fullSyncAt: string | null;
  deltaSyncAt: string | null;
}

interface StateRow {
  location_id: string | null;
  cursor: string | null;
  hash_key: string | null;
  rules: string | null;
  full_sync_at: string | null;
  delta_sync_at: string | null;
}

/** What an online answer taught about a membership, applied until the feed says otherwise. */
export interface Learned {
  status?: EligibilityRow['status'];
  used?: number;
}

/**
 * The offline eligibility cache: feed rows by credential hash, the feed cursor, the company's hash
 * key and the location's rules. Each page is applied with its cursor in one transaction, so a
 * crash resumes exactly where the last committed page ended.
 */
export class EligibilityCache {
  private readonly statements;

  constructor(private readonly db: AgentDatabase) {
    db.prepare('insert or ignore into feed_state (id) values (1)').run();
    this.statements = {
      state: db.prepare<[], StateRow>('select location_id, cursor, hash_key, rules, full_sync_at, delta_sync_at from feed_state where id = 1'),
      clear: db.prepare('delete from feed_rows'),
      upsert: db.prepare(
        'insert into feed_rows (credential_hash, membership_id, contact_id, row) values (?, ?, ?, ?) on conflict (credential_hash) do update set membership_id = excluded.membership_id, contact_id = excluded.contact_id, row = excluded.row',
      ),
      forget: db.prepare('delete from feed_rows where credential_hash = ?'),
      find: db.prepare<[string], { row: string }>('select row from feed_rows where credential_hash = ?'),
      ofMembership: db.prepare<[string], { credential_hash: string; row: string }>('select credential_hash, row from feed_rows where membership_id = ?'),
      ofContact: db.prepare<[string], { row: string }>('select row from feed_rows where contact_id = ?'),
      count: db.prepare<[], { n: number }>('select count(*) as n from feed_rows'),
      saveState: db.prepare(
        'update feed_state set location_id = @location_id, cursor = @cursor, hash_key = @hash_key, rules = @rules, full_sync_at = @full_sync_at, delta_sync_at = @delta_sync_at where id = 1',
      ),
    };
  }

  state(): FeedState {
    const row = this.statements.state.get()!;
    return {
      locationId: row.location_id,
      cursor: row.cursor,
      hashKey: row.hash_key,
      rules: row.rules === null ? null : (JSON.parse(row.rules) as FeedRules),
      fullSyncAt: row.full_sync_at,
      deltaSyncAt: row.delta_sync_at,
    };
  }

  /** When the cache was last known complete and current; null before the first full load finished. */
  syncedAt(): Date | null {
    const { fullSyncAt, deltaSyncAt } = this.state();
    if (fullSyncAt === null) return null;
    return new Date(deltaSyncAt !== null && deltaSyncAt > fullSyncAt ? deltaSyncAt : fullSyncAt);
  }

  /**
   * Applies one feed page. `startsFullLoad` (the first page fetched without a cursor) empties the
   * cache first, in the same transaction, so a half-finished reload never mixes two generations.
   */
  applyPage(page: FeedPage, options: { startsFullLoad: boolean; at: Date }): void {
    this.db.transaction(() => {
      const before = this.state();
      if (options.startsFullLoad) this.statements.clear.run();
      for (const row of page.data) {
        if (row.deleted) this.statements.forget.run(row.credential_hash);
        else this.statements.upsert.run(row.credential_hash, row.membership_id, row.contact_id, JSON.stringify(row));
      }
      const fullSyncAt = options.startsFullLoad ? null : before.fullSyncAt;
      const finished = !page.has_more;
      this.statements.saveState.run({
        location_id: page.location_id,
        cursor: page.next_cursor,
        hash_key: page.credential_hash_key,
        rules: JSON.stringify(page.rules),
        full_sync_at: finished && fullSyncAt === null ? options.at.toISOString() : fullSyncAt,
        delta_sync_at: finished && fullSyncAt !== null ? options.at.toISOString() : options.startsFullLoad ? null : before.deltaSyncAt,
      });
    })();
  }

  /** The row of the first hash that is cached, trying them in the caller's (candidate) order. */
  find(hashes: readonly string[]): EligibilityRow | null {
    for (const hash of hashes) {
      const found = this.statements.find.get(hash);
      if (found) return JSON.parse(found.row) as EligibilityRow;
    }
    return null;
  }

  /** Every cached credential row of a contact (a kiosk knows the person, not the card). */
  ofContact(contactId: string): EligibilityRow[] {
    return this.statements.ofContact.all(contactId).map((found) => JSON.parse(found.row) as EligibilityRow);
  }

  rowCount(): number {
    return this.statements.count.get()!.n;
  }

  /** Updates every cached credential of the membership; the next feed delta overwrites it again. */
  learn(membershipId: string, learned: Learned): void {
    this.db.transaction(() => {
      for (const cached of this.statements.ofMembership.all(membershipId)) {
        const row = { ...(JSON.parse(cached.row) as EligibilityRow), ...learned };
        this.statements.upsert.run(cached.credential_hash, membershipId, row.contact_id, JSON.stringify(row));
      }
    })();
  }
}
