import type { EligibilityFeed, EligibilityRow } from '@studio/shared';
import type { z } from 'zod';
import type { AgentDatabase } from '../store/database.js';

export type FeedPage = z.output<typeof EligibilityFeed>;
export type FeedRules = FeedPage['rules'];

/** A full reload under way beside a usable cache: where it has got to. */
export interface ReloadState {
  locationId: string;
  cursor: string | null;
  hashKey: string;
}

export interface FeedState {
  locationId: string | null;
  cursor: string | null;
  hashKey: string | null;
  rules: FeedRules | null;
  /** Set when a full load reached its last page; null while none has (the cache is unusable). */
  fullSyncAt: string | null;
  deltaSyncAt: string | null;
  /** A reload being filled beside the cache that answers meanwhile; null when none is. */
  reload: ReloadState | null;
}

interface StateRow {
  location_id: string | null;
  cursor: string | null;
  hash_key: string | null;
  rules: string | null;
  full_sync_at: string | null;
  delta_sync_at: string | null;
  live_table: RowTable;
}

/** What an online answer taught about a membership, applied until the feed says otherwise. */
export interface Learned {
  status?: EligibilityRow['status'];
  used?: number;
}

/**
 * A cached row as the rules read it. A row cached before the feed carried `door_checkin_consumes`
 * reads as `visit` (the rule it was cached under) until the reload the database upgrade asks for.
 */
function cachedRow(text: string): EligibilityRow {
  return { door_checkin_consumes: 'visit', ...(JSON.parse(text) as Partial<EligibilityRow>) } as EligibilityRow;
}

/** The two tables of rows: one answers scans, the other fills during a reload, then they swap. */
export const rowTables = ['feed_rows', 'feed_rows_alt'] as const;
type RowTable = (typeof rowTables)[number];

function tableStatements(db: AgentDatabase, table: RowTable) {
  return {
    clear: db.prepare(`delete from ${table}`),
    upsert: db.prepare(
      `insert into ${table} (credential_hash, membership_id, contact_id, row) values (?, ?, ?, ?) on conflict (credential_hash) do update set membership_id = excluded.membership_id, contact_id = excluded.contact_id, row = excluded.row`,
    ),
    forget: db.prepare(`delete from ${table} where credential_hash = ?`),
    find: db.prepare<[string], { row: string }>(`select row from ${table} where credential_hash = ?`),
    ofMembership: db.prepare<[string], { credential_hash: string; row: string }>(`select credential_hash, row from ${table} where membership_id = ?`),
    ofContact: db.prepare<[string], { row: string }>(`select row from ${table} where contact_id = ?`),
    count: db.prepare<[], { n: number }>(`select count(*) as n from ${table}`),
  };
}

/**
 * The lookup indexes of a table of rows (the migrations make them). A full load drops them from the
 * table it fills, which answers nothing until its last page, and that page builds them again: one
 * sort at the end instead of two random index inserts per row (about half the load's work). A
 * load resumed after a restart goes on without them; a query meanwhile is slower, never wrong.
 */
function lookupIndexes(table: RowTable) {
  return {
    drop: `drop index if exists ${table}_membership; drop index if exists ${table}_contact_id`,
    build: `create index if not exists ${table}_membership on ${table} (membership_id); create index if not exists ${table}_contact_id on ${table} (contact_id)`,
  };
}
type TableStatements = ReturnType<typeof tableStatements>;

/**
 * The offline eligibility cache: feed rows by credential hash, the feed cursor, the company's hash
 * key and the location's rules. Each page is applied with its cursor in one transaction, so a
 * crash resumes exactly where the last committed page ended.
 *
 * A full reload while the cache is usable (a refused cursor, another location, a rotated hash
 * key) fills the other table, page by page, while this one keeps answering with its own key and
 * rules; its last page swaps them in one transaction. A server lost during the reload (several
 * seconds for 100,000 members) thus leaves the door deciding from the old cache, never a
 * half-filled one.
 */
export class EligibilityCache {
  private readonly tables: Record<RowTable, TableStatements>;
  private readonly statements;
  private live: RowTable;

  constructor(private readonly db: AgentDatabase) {
    db.prepare('insert or ignore into feed_state (id) values (1)').run();
    this.tables = { feed_rows: tableStatements(db, 'feed_rows'), feed_rows_alt: tableStatements(db, 'feed_rows_alt') };
    this.statements = {
      state: db.prepare<[], StateRow>('select location_id, cursor, hash_key, rules, full_sync_at, delta_sync_at, live_table from feed_state where id = 1'),
      saveState: db.prepare(
        'update feed_state set location_id = @location_id, cursor = @cursor, hash_key = @hash_key, rules = @rules, full_sync_at = @full_sync_at, delta_sync_at = @delta_sync_at, live_table = @live_table where id = 1',
      ),
      reload: db.prepare<[], { location_id: string; cursor: string | null; hash_key: string }>('select location_id, cursor, hash_key from feed_reload where id = 1'),
      saveReload: db.prepare('insert or replace into feed_reload (id, location_id, cursor, hash_key) values (1, @location_id, @cursor, @hash_key)'),
      endReload: db.prepare('delete from feed_reload'),
      clearPassKeys: db.prepare('delete from pass_keys'),
      addPassKey: db.prepare('insert into pass_keys (location_id, epoch, key, retired_at) values (?, ?, ?, ?)'),
      passKeys: db.prepare<[string], { key: string }>('select key from pass_keys where retired_at is null or retired_at > ? order by epoch desc'),
    };
    this.live = this.statements.state.get()!.live_table;
  }

  state(): FeedState {
    const row = this.statements.state.get()!;
    const reload = this.statements.reload.get();
    return {
      locationId: row.location_id,
      cursor: row.cursor,
      hashKey: row.hash_key,
      rules: row.rules === null ? null : (JSON.parse(row.rules) as FeedRules),
      fullSyncAt: row.full_sync_at,
      deltaSyncAt: row.delta_sync_at,
      reload: reload ? { locationId: reload.location_id, cursor: reload.cursor, hashKey: reload.hash_key } : null,
    };
  }

  /** When the cache was last known complete and current; null before the first full load finished. */
  syncedAt(): Date | null {
    const { fullSyncAt, deltaSyncAt } = this.state();
    if (fullSyncAt === null) return null;
    return new Date(deltaSyncAt !== null && deltaSyncAt > fullSyncAt ? deltaSyncAt : fullSyncAt);
  }

  private get spare(): RowTable {
    return this.live === 'feed_rows' ? 'feed_rows_alt' : 'feed_rows';
  }

  /**
   * Applies one feed page. `startsFullLoad` (the first page fetched without a cursor) starts a
   * full load: beside a usable cache it fills the spare table (a reload, swapped in at its last
   * page); with no usable cache yet (nothing to keep answering from) it refills this one.
   */
  applyPage(page: FeedPage, options: { startsFullLoad: boolean; at: Date }): void {
    let swapped = false;
    this.db.transaction(() => {
      this.savePassKeys(page);
      const before = this.state();
      const reloading = options.startsFullLoad ? before.fullSyncAt !== null : before.reload !== null;
      if (reloading) {
        if (options.startsFullLoad) this.startLoad(this.spare);
        this.applyRows(this.tables[this.spare], page);
        if (page.has_more) {
          this.statements.saveReload.run({ location_id: page.location_id, cursor: page.next_cursor, hash_key: page.credential_hash_key });
          return;
        }
        this.db.exec(lookupIndexes(this.spare).build);
        this.saveState(page, { full_sync_at: options.at.toISOString(), delta_sync_at: null, live_table: this.spare });
        this.statements.endReload.run();
        swapped = true;
        return;
      }
      if (options.startsFullLoad) this.startLoad(this.live);
      this.applyRows(this.tables[this.live], page);
      const fullSyncAt = options.startsFullLoad ? null : before.fullSyncAt;
      const finished = !page.has_more;
      if (finished && fullSyncAt === null) this.db.exec(lookupIndexes(this.live).build);
      this.saveState(page, {
        full_sync_at: finished && fullSyncAt === null ? options.at.toISOString() : fullSyncAt,
        delta_sync_at: finished && fullSyncAt !== null ? options.at.toISOString() : options.startsFullLoad ? null : before.deltaSyncAt,
        live_table: this.live,
      });
    })();
    if (swapped) {
      this.live = this.spare;
      // The old generation, now spare, is emptied after the swap committed: not on the swap's time.
      this.startLoad(this.spare);
    }
  }

  /** Empties a table for a full load into it (or the old generation after a swap), without its lookup indexes until a load ends. */
  private startLoad(table: RowTable): void {
    this.db.exec(lookupIndexes(table).drop);
    this.tables[table].clear.run();
  }

  private applyRows(table: TableStatements, page: FeedPage): void {
    for (const row of page.data) {
      if (row.deleted) table.forget.run(row.credential_hash);
      else table.upsert.run(row.credential_hash, row.membership_id, row.contact_id, JSON.stringify(row));
    }
  }

  private saveState(page: FeedPage, fields: { full_sync_at: string | null; delta_sync_at: string | null; live_table: RowTable }): void {
    this.statements.saveState.run({
      location_id: page.location_id,
      cursor: page.next_cursor,
      hash_key: page.credential_hash_key,
      rules: JSON.stringify(page.rules),
      ...fields,
    });
  }

  /** Every page carries the location's live pass keys (a reload's too: they do not depend on the rows). */
  private savePassKeys(page: FeedPage): void {
    this.statements.clearPassKeys.run();
    for (const key of page.pass_keys) this.statements.addPassKey.run(page.location_id, key.epoch, key.key, key.retired_at);
  }

  /** The pass keys live at `now`, the current first: a key retired by a rotation stops here at its time, synced or not. */
  passKeys(now: Date): Uint8Array[] {
    return this.statements.passKeys.all(now.toISOString()).map((row) => new Uint8Array(Buffer.from(row.key, 'base64url')));
  }

  /** The row of the first hash that is cached, trying them in the caller's (candidate) order. */
  find(hashes: readonly string[]): EligibilityRow | null {
    for (const hash of hashes) {
      const found = this.tables[this.live].find.get(hash);
      if (found) return cachedRow(found.row);
    }
    return null;
  }

  /** Every cached credential row of a contact (a kiosk knows the person, not the card). */
  ofContact(contactId: string): EligibilityRow[] {
    return this.tables[this.live].ofContact.all(contactId).map((found) => cachedRow(found.row));
  }

  /** Rows of the cache that answers (not those of a reload under way). */
  rowCount(): number {
    return this.tables[this.live].count.get()!.n;
  }

  /** Updates every cached credential of the membership; the next feed delta overwrites it again. */
  learn(membershipId: string, learned: Learned): void {
    const table = this.tables[this.live];
    this.db.transaction(() => {
      for (const cached of table.ofMembership.all(membershipId)) {
        const row = { ...cachedRow(cached.row), ...learned };
        table.upsert.run(cached.credential_hash, membershipId, row.contact_id, JSON.stringify(row));
      }
    })();
  }
}
