import { ApiRequestError } from '@studio/shared/client';
import type { Logger } from 'pino';
import type { EligibilityCache } from '../eligibility/cache.js';
import type { KioskLink } from './kiosk-server.js';
import { kioskClass, kioskRoster } from './kiosk-view.js';
import type { KioskStore } from './store/kiosk-store.js';
import { shownOnKiosk, timetableQuery } from './timetable-window.js';

export interface TimetableSyncDeps {
  link: KioskLink;
  store: KioskStore;
  /** The eligibility cache's rules carry the location's time zone when the key cannot read locations. */
  eligibility: EligibilityCache;
  locationId: string;
  horizonHours: number;
  logger: Logger;
  now: () => Date;
  /** The location's branding changed (or arrived for the first time): the kiosk's screen shows it at once. */
  onBrandingChanged?: () => void;
}

/** A background refresh is not in a hurry, but must not hang: each call gets this long. */
const backgroundBudgetMs = 10_000;

/** Branding (a logo of up to about 290 kB) changes rarely: asked at start, then this often, not at every refresh. */
export const brandingRefreshMs = 10 * 60_000;

/**
 * Fetches the kiosk's timetable and rosters from the server into the cache: on a timer (every
 * class's roster) and on demand when the kiosk asks (within the kiosk's budget). A call the server
 * does not answer throws, and the caller answers from the cache.
 */
export class TimetableSync {
  private brandingAskedAt: number | null = null;

  constructor(private readonly deps: TimetableSyncDeps) {}

  /** The location's zone: as the server named it, else from the eligibility feed, else UTC. */
  timezone(): string {
    return this.deps.store.timetable.state().timezone ?? this.deps.eligibility.state().rules?.timezone ?? 'UTC';
  }

  /** The location's name and zone; a key without `read:catalog` leaves the name unknown. */
  async fetchLocation(budgetMs: number): Promise<void> {
    try {
      const { data } = await this.deps.link.within(budgetMs)((o) => this.deps.link.server.locations.list(o));
      const here = data.find((location) => location.id === this.deps.locationId);
      if (here) this.deps.store.timetable.saveLocation(here.name, here.timezone);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 403)) throw error;
    }
  }

  /**
   * The location's logo, colour and language into the cache. A server that answers with a refusal
   * (a key without `read:catalog`, a server older than the route) leaves the kiosk as it was, its
   * timetable unaffected; only a server that does not answer throws.
   */
  async fetchBranding(budgetMs: number): Promise<void> {
    this.brandingAskedAt = this.deps.now().getTime();
    let branding;
    try {
      branding = await this.deps.link.within(budgetMs)((o) => this.deps.link.server.locations.branding(this.deps.locationId, o));
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      this.deps.logger.debug({ code: error.code }, 'the server gave no kiosk branding; keeping what the kiosk has');
      return;
    }
    const before = this.deps.store.timetable.state().branding;
    if (JSON.stringify(before) === JSON.stringify(branding)) return;
    this.deps.store.timetable.saveBranding(branding);
    this.deps.onBrandingChanged?.();
  }

  private brandingDue(): boolean {
    return this.brandingAskedAt === null || this.deps.now().getTime() - this.brandingAskedAt >= brandingRefreshMs;
  }

  /** Today's classes and the next hours', replacing the cached window. "Today" needs the zone: asked first if unknown. */
  async fetchTimetable(budgetMs: number): Promise<void> {
    const { link, locationId, horizonHours } = this.deps;
    if (this.deps.store.timetable.state().timezone === null && this.deps.eligibility.state().rules === null) await this.fetchLocation(budgetMs);
    const zone = this.timezone();
    const query = { location_id: locationId, ...timetableQuery(this.deps.now(), zone, horizonHours), limit: 100 };
    const call = link.within(budgetMs);
    const summaries = await call(async (o) => {
      const all = [];
      for await (const summary of link.server.classes.all(query, o)) all.push(summary);
      return all;
    });
    const now = this.deps.now();
    this.deps.store.replaceClasses(summaries.filter((c) => shownOnKiosk(c, now, zone, horizonHours)).map(kioskClass), now);
  }

  /** One class with its roster; a class the server no longer has is forgotten and answers false. */
  async fetchClass(id: string, budgetMs: number): Promise<boolean> {
    try {
      const detail = await this.deps.link.within(budgetMs)((o) => this.deps.link.server.classes.get(id, o));
      this.deps.store.saveRoster(kioskClass(detail), kioskRoster(detail), this.deps.now());
      return true;
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.code === 'resource_missing')) throw error;
      this.deps.store.timetable.forget(id);
      return false;
    }
  }

  /** The periodic job: location (until known), branding (when due), timetable, every roster. Throws when the server is away. */
  async refreshAll(): Promise<boolean> {
    if (this.deps.store.timetable.state().locationName === null) await this.fetchLocation(backgroundBudgetMs);
    if (this.brandingDue()) await this.fetchBranding(backgroundBudgetMs);
    await this.fetchTimetable(backgroundBudgetMs);
    for (const cached of this.deps.store.timetable.classes()) await this.fetchClass(cached.class.id, backgroundBudgetMs);
    this.deps.logger.debug({ classes: this.deps.store.timetable.classes().length }, 'kiosk timetable current');
    return true;
  }
}
