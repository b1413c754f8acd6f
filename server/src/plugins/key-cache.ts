import type { Db } from '../db/types.js';

/** Enough for every key of a busy server; past it the cache starts again rather than grow. */
const maxKeys = 10_000;

/**
 * API keys as this process last looked them up, by hash, each kept only while the key tables are
 * unchanged: every read first asks the database's change check (`Db.watch`), one tiny statement,
 * and drops everything when any key or company changed in any process. So a revoked, rescoped or
 * re-located key is refused at the very next request, as with a lookup per request.
 */
export class KeyCache<Key> {
  private readonly keys = new Map<string, Key>();
  private generation: number;

  constructor(private readonly current: () => number) {
    this.generation = current();
  }

  /** The key for `hash` if it is still as looked up; `generationRead` tells `keep` when this was asked. */
  find(hash: string): Key | undefined {
    const now = this.current();
    if (now !== this.generation) {
      this.keys.clear();
      this.generation = now;
    }
    return this.keys.get(hash);
  }

  /** The generation `find` last read: pass it to `keep` with what a lookup after it found. */
  get generationRead(): number {
    return this.generation;
  }

  /** Keeps a key looked up after `generation` was read, unless the key tables changed since. */
  keep(hash: string, key: Key, generation: number): void {
    if (this.current() !== generation) return;
    if (this.keys.size >= maxKeys) this.keys.clear();
    this.keys.set(hash, key);
  }
}

/**
 * What a key's lookup reads: the key's row (not `last_used_at`, which the requests themselves
 * write) and its company's twin mark (a company is deleted with its keys).
 */
const keyTables = [
  { table: 'api_keys', columns: ['id', 'company_id', 'key_hash', 'scopes', 'location_ids', 'revoked_at', 'device_id', 'device_kind'] },
  { table: 'companies', columns: ['id', 'live_company_id'] },
] as const;

const caches = new WeakMap<Db, KeyCache<unknown> | null>();

/**
 * The database's key cache, made on first use (the API's authenticator asks when the app is built);
 * null where it has no cheap change check (Postgres), or cannot make one yet.
 */
export function keyCacheFor<Key>(db: Db): KeyCache<Key> | null {
  let cache = caches.get(db);
  if (cache === undefined) {
    const current = db.watch ? db.watch(keyTables) : null;
    cache = current ? new KeyCache(current) : null;
    if (current || !db.watch) caches.set(db, cache);
  }
  return cache as KeyCache<Key> | null;
}
