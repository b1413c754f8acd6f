import { randomUUID } from 'node:crypto';
import type { KioskAnswer, KioskAttendee, KioskClass } from '@studio/shared/kiosk';
import type { Logger } from 'pino';
import type { EligibilityCache } from '../eligibility/cache.js';
import { offlineContactRefusal } from '../eligibility/offline-eligibility.js';
import { isServerAnswer } from '../link/server-link.js';
import { answer, refused, refusalReason, type AnswerContext } from './answers.js';
import type { KioskLink } from './kiosk-server.js';
import { firstNameOf, kioskClass, kioskRoster } from './kiosk-view.js';
import type { KioskStore } from './store/kiosk-store.js';
import type { TimetableSync } from './timetable-sync.js';
import { insideWindow } from './timetable-window.js';

export interface CheckInSettings {
  deviceId: string;
  budgetMs: number;
  /** Older eligibility or rosters refuse offline with `cache_stale` (the gate's `offline.max_cache_age_s`). */
  maxCacheAgeS: number;
  /** The opening of a class whose server sent no check-in window (`kiosk.checkin_opens_min`). */
  checkinOpensMin: number;
}

export interface ClassCheckInDeps {
  link: KioskLink;
  sync: TimetableSync;
  store: KioskStore;
  eligibility: EligibilityCache;
  settings: CheckInSettings;
  logger: Logger;
  now: () => Date;
  newIdempotencyKey?: () => string;
}

export interface CheckInAttempt {
  classId: string;
  contactId: string;
  /** Known from the scanned credential; else the roster's display name gives it. */
  firstName: string | null;
  /** A scan may book a free spot and check in at once (a walk-in); a tap is on the roster already. */
  mayWalkIn: boolean;
  /** False when the server just failed to answer this scan: the cache decides at once. */
  tryOnline: boolean;
}

type Online = { answered: KioskAnswer } | { unreachable: true; walkInBooked: boolean };

/**
 * Checks one contact into one class: with the server within the budget (a fresh roster, a walk-in
 * booking when allowed, the check-in with a key of its own), else from the cached roster and
 * eligibility, written to the outbox in the same transaction as the roster's new state.
 */
export class ClassCheckIn {
  private readonly newKey: () => string;
  private readonly log: Logger;

  constructor(private readonly deps: ClassCheckInDeps) {
    this.newKey = deps.newIdempotencyKey ?? randomUUID;
    this.log = deps.logger.child({ module: 'kiosk' });
  }

  async checkIn(attempt: CheckInAttempt): Promise<KioskAnswer> {
    const at = this.deps.now();
    let walkInBooked = false;
    if (attempt.tryOnline) {
      const online = await this.online(attempt, at);
      if ('answered' in online) return online.answered;
      walkInBooked = online.walkInBooked;
    }
    return this.offline(attempt, at, walkInBooked);
  }

  private async online(attempt: CheckInAttempt, at: Date): Promise<Online> {
    const { link, store, settings } = this.deps;
    const call = link.within(settings.budgetMs);
    const body = { contact_id: attempt.contactId };
    let context: AnswerContext = { firstName: attempt.firstName, cls: null, offline: false };
    let booked = false;
    try {
      const detail = await call((o) => link.server.classes.get(attempt.classId, o));
      const cls = kioskClass(detail);
      const roster = kioskRoster(detail);
      store.saveRoster(cls, roster, this.deps.now());
      const entry = roster.find((a) => a.contact_id === attempt.contactId);
      context = { ...context, cls, firstName: attempt.firstName ?? (entry ? firstNameOf(entry.display_name) : null) };
      if (cls.status === 'cancelled') return { answered: refused('class_cancelled', context) };
      if (entry?.status === 'checked_in') return { answered: answer('already_checked_in', null, context, false) };
      if (!entry) {
        if (!attempt.mayWalkIn) return { answered: refused('not_booked', context) };
        // The server would refuse the check-in: do not book a walk-in spot only to give it back.
        if (!insideWindow(cls, at, settings.checkinOpensMin)) return { answered: refused('checkin_window', context) };
        if (cls.spots_left <= 0) return { answered: refused('class_full', context) };
        await call((o) => link.server.classes.book(attempt.classId, body, { ...o, idempotencyKey: this.newKey() }));
        booked = true;
      }
      // With the agent's device key, as its own device; the server records the key's kind as the source (class-outbox-drain.ts).
      const report = { ...body, checked_in_at: at.toISOString(), device_id: settings.deviceId };
      await call((o) => link.server.classes.checkIn(attempt.classId, report, { ...o, idempotencyKey: this.newKey() }));
      if (entry) store.markCheckedIn(attempt.classId, entry);
      else await this.deps.sync.fetchClass(attempt.classId, settings.budgetMs).catch(() => undefined);
      return { answered: answer('checked_in', null, context, booked) };
    } catch (error) {
      if (!isServerAnswer(error)) return { unreachable: true, walkInBooked: booked };
      if (booked) await this.undoWalkIn(attempt);
      return { answered: refused(refusalReason(error), context) };
    }
  }

  /** A walk-in booked but refused at check-in (e.g. past due) gives its spot back, uncharged. */
  private async undoWalkIn(attempt: CheckInAttempt): Promise<void> {
    const { link, settings } = this.deps;
    try {
      await link.within(settings.budgetMs)((o) => link.server.classes.cancel(attempt.classId, { contact_id: attempt.contactId, excuse: true }, { ...o, idempotencyKey: this.newKey() }));
    } catch (error) {
      this.log.warn({ class_id: attempt.classId, code: (error as { code?: string }).code }, 'a refused walk-in kept its booked spot; staff may release it');
    }
  }

  private offline(attempt: CheckInAttempt, at: Date, walkInBooked: boolean): KioskAnswer {
    const { store, settings } = this.deps;
    const cached = store.timetable.find(attempt.classId);
    const cls: KioskClass | null = cached?.class ?? null;
    const known = cached?.roster?.find((a) => a.contact_id === attempt.contactId);
    const context: AnswerContext = { firstName: attempt.firstName ?? (known ? firstNameOf(known.display_name) : null), cls, offline: true };
    if (!cached?.roster || at.getTime() - Date.parse(cached.syncedAt) > settings.maxCacheAgeS * 1000) return refused('cache_stale', context);
    if (cached.class.status === 'cancelled') return refused('class_cancelled', context);
    // A walk-in booked just before the server stopped answering holds a spot the cache has not seen.
    const entry: KioskAttendee | undefined = known ?? (walkInBooked ? { contact_id: attempt.contactId, display_name: attempt.firstName ?? 'Walk-in', status: 'reserved' } : undefined);
    if (entry?.status === 'checked_in') return answer('already_checked_in', null, context, false);
    // The server's window for the class, as cached: offline the kiosk refuses what the server would.
    if (!insideWindow(cached.class, at, settings.checkinOpensMin)) return refused('checkin_window', context);
    if (!entry) return refused(attempt.mayWalkIn ? 'walk_in_offline' : 'not_booked', context);
    const refusal = offlineContactRefusal(this.deps.eligibility, attempt.contactId, settings.maxCacheAgeS, at);
    if (refusal) return refused(refusal, context);
    store.recordOfflineCheckIn(
      {
        idempotency_key: this.newKey(),
        class_id: cached.class.id,
        contact_id: attempt.contactId,
        device_id: settings.deviceId,
        checked_in_at: at.toISOString(),
        class_name: cached.class.name,
        class_start: cached.class.start,
        display_name: entry.display_name,
      },
      at,
    );
    return answer('checked_in', null, context, walkInBooked);
  }
}
