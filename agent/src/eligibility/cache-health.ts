import { Gauge, type Registry } from 'prom-client';
import type { EligibilityCache } from './cache.js';

/** The cache's part of GET /health. */
export interface CacheHealth {
  rows: number;
  synced_at: string | null;
  age_s: number | null;
  /** Older than `offline.max_cache_age_s`, or never complete: offline scans are refused `cache_stale`. */
  stale: boolean;
}

/** Seconds since the cache was last complete and current; null before the first full load finished. */
export function cacheAgeSeconds(cache: EligibilityCache, now: Date): number | null {
  const syncedAt = cache.syncedAt();
  return syncedAt === null ? null : Math.max(0, Math.round((now.getTime() - syncedAt.getTime()) / 1000));
}

export function cacheHealth(cache: EligibilityCache, maxCacheAgeS: number, now: Date): CacheHealth {
  const age = cacheAgeSeconds(cache, now);
  return { rows: cache.rowCount(), synced_at: cache.syncedAt()?.toISOString() ?? null, age_s: age, stale: age === null || age > maxCacheAgeS };
}

/** `studio_agent_cache_age_seconds` on the agent's registry (-1: never complete). */
export function cacheAgeGauge(registry: Registry, cache: EligibilityCache, now: () => Date): void {
  new Gauge({
    name: 'studio_agent_cache_age_seconds',
    help: 'Seconds since the eligibility cache was last complete and current (-1: never)',
    registers: [registry],
    collect() {
      this.set(cacheAgeSeconds(cache, now()) ?? -1);
    },
  });
}
