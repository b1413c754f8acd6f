import type { KioskAnswer } from '@studio/shared/kiosk';
import { readPass } from '@studio/shared/pass';
import type { EligibilityCache } from '../eligibility/cache.js';
import { findCached } from '../eligibility/lookup.js';
import { cacheStale } from '../eligibility/offline-eligibility.js';
import { isServerAnswer } from '../link/server-link.js';
import type { PassSteps } from '../eligibility/pass-steps.js';
import { refused, refusalReason } from './answers.js';
import type { ClassCheckIn } from './class-check-in.js';
import type { KioskLink } from './kiosk-server.js';
import { passHolder } from './pass-check-in.js';
import type { KioskStore } from './store/kiosk-store.js';
import type { TimetableSync } from './timetable-sync.js';
import { classForScan, openForCheckIn } from './timetable-window.js';

export interface ScanDeps {
  link: KioskLink;
  sync: TimetableSync;
  kioskStore: KioskStore;
  /** The eligibility cache: who a credential is when the server is away. */
  eligibility: EligibilityCache;
  checkIn: ClassCheckIn;
  /** The replay rule of phone passes, shared with the door's lanes. */
  passSteps: PassSteps;
  settings: { locationId: string; budgetMs: number; maxCacheAgeS: number; checkinOpensMin: number };
  now: () => Date;
}

/**
 * A scan at the kiosk's reader: who it is (the server's resolve, else the eligibility cache), which
 * class (the kiosk's scan target, else the rule in timetable-window.ts, else `no_class_now`), then
 * the class check-in, booking a free spot first when the member holds none (walk-in). A phone pass
 * is checked here, as at the door (pass-check-in.ts), and names the member itself.
 */
export async function checkInScan(deps: ScanDeps, identifier: string, target: string | null): Promise<KioskAnswer> {
  const { link, settings } = deps;
  const pass = readPass(identifier);
  if (pass !== null) {
    const holder = await passHolder(deps, pass);
    if ('outcome' in holder) return holder;
    return checkInWho(deps, holder, target, true);
  }
  const now = deps.now();
  const cachedRow = findCached(deps.eligibility, identifier);
  let who: { contactId: string; firstName: string | null };
  let online = true;
  try {
    const resolved = await link.within(settings.budgetMs)((o) => link.server.members.resolve({ identifier, location_id: settings.locationId }, o));
    if (!resolved.found || resolved.contact_id === null) return refused('not_found', { firstName: null, cls: null, offline: false });
    who = { contactId: resolved.contact_id, firstName: cachedRow?.contact_id === resolved.contact_id ? cachedRow.first_name : null };
  } catch (error) {
    if (isServerAnswer(error)) return refused(refusalReason(error), { firstName: null, cls: null, offline: false });
    online = false;
    const offline = { firstName: cachedRow?.first_name ?? null, cls: null, offline: true };
    if (cacheStale(deps.eligibility, settings.maxCacheAgeS, now)) return refused('cache_stale', offline);
    if (!cachedRow) return refused('not_found', offline);
    who = { contactId: cachedRow.contact_id, firstName: cachedRow.first_name };
  }
  return checkInWho(deps, who, target, online);
}

async function checkInWho(deps: ScanDeps, who: { contactId: string; firstName: string | null }, target: string | null, online: boolean): Promise<KioskAnswer> {
  const classId = await chooseClass(deps, who.contactId, target, online);
  if (classId === null) return refused('no_class_now', { firstName: who.firstName, cls: null, offline: !online });
  return deps.checkIn.checkIn({ classId, contactId: who.contactId, firstName: who.firstName, mayWalkIn: true, tryOnline: online });
}

async function chooseClass(deps: ScanDeps, contactId: string, target: string | null, online: boolean): Promise<string | null> {
  const { kioskStore, settings } = deps;
  if (target !== null && kioskStore.timetable.find(target)) return target;
  const now = deps.now();
  const open = () => openForCheckIn(kioskStore.timetable.classes(), now, settings.checkinOpensMin);
  // Two classes open at once: fresh rosters say which one the member booked (a booking made minutes ago).
  const candidates = open();
  if (online && candidates.length > 1) {
    for (const cached of candidates) await deps.sync.fetchClass(cached.class.id, settings.budgetMs).catch(() => undefined);
  }
  return classForScan(open(), contactId, now)?.class.id ?? null;
}
