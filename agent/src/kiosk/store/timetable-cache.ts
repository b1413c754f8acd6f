import { LocationBranding } from '@studio/shared';
import type { KioskAttendee, KioskClass } from '@studio/shared/kiosk';
import type { AgentDatabase } from '../../store/database.js';

export interface CachedClass {
  class: KioskClass;
  /** Reserved and checked-in spots; null until the class's roster was loaded once. */
  roster: KioskAttendee[] | null;
  /** When the server last answered for this class. */
  syncedAt: string;
}

export interface TimetableState {
  /** When the server last answered the timetable; null before the first time. */
  syncedAt: string | null;
  locationName: string | null;
  timezone: string | null;
  /** The location's logo, colour and language as the server last answered them; null before that. */
  branding: LocationBranding | null;
}

interface ClassRow {
  class: string;
  roster: string | null;
  synced_at: string;
}

const toCached = (row: ClassRow): CachedClass => ({
  class: JSON.parse(row.class) as KioskClass,
  roster: row.roster === null ? null : (JSON.parse(row.roster) as KioskAttendee[]),
  syncedAt: row.synced_at,
});

/**
 * The kiosk's copy of today's timetable and rosters, for answering while the server is away. It
 * holds what the kiosk shows and nothing more: display names (first name, last initial), never a
 * full name, never a card number. Writes that belong together run in the caller's transaction.
 */
export class TimetableCache {
  private readonly statements;

  constructor(db: AgentDatabase) {
    db.prepare('insert or ignore into kiosk_state (id) values (1)').run();
    this.statements = {
      all: db.prepare<[], ClassRow>('select class, roster, synced_at from kiosk_classes order by start, id'),
      one: db.prepare<[string], ClassRow>('select class, roster, synced_at from kiosk_classes where id = ?'),
      upsertClass: db.prepare(
        `insert into kiosk_classes (id, start, class, roster, synced_at) values (@id, @start, @class, null, @synced_at)
         on conflict (id) do update set start = excluded.start, class = excluded.class, synced_at = excluded.synced_at`,
      ),
      upsertWithRoster: db.prepare(
        `insert into kiosk_classes (id, start, class, roster, synced_at) values (@id, @start, @class, @roster, @synced_at)
         on conflict (id) do update set start = excluded.start, class = excluded.class, roster = excluded.roster, synced_at = excluded.synced_at`,
      ),
      setRoster: db.prepare('update kiosk_classes set roster = ? where id = ?'),
      forgetAll: db.prepare('delete from kiosk_classes'),
      forget: db.prepare('delete from kiosk_classes where id = ?'),
      state: db.prepare<[], { synced_at: string | null; location_name: string | null; timezone: string | null; branding: string | null }>(
        'select synced_at, location_name, timezone, branding from kiosk_state where id = 1',
      ),
      saveSyncedAt: db.prepare('update kiosk_state set synced_at = ? where id = 1'),
      saveLocation: db.prepare('update kiosk_state set location_name = ?, timezone = ? where id = 1'),
      saveBranding: db.prepare('update kiosk_state set branding = ? where id = 1'),
    };
  }

  classes(): CachedClass[] {
    return this.statements.all.all().map(toCached);
  }

  find(id: string): CachedClass | null {
    const row = this.statements.one.get(id);
    return row ? toCached(row) : null;
  }

  state(): TimetableState {
    const row = this.statements.state.get()!;
    return { syncedAt: row.synced_at, locationName: row.location_name, timezone: row.timezone, branding: parsedBranding(row.branding) };
  }

  /** The whole window as the server answered it: classes gone from it are forgotten, known rosters kept. Caller's transaction. */
  replaceClasses(classes: KioskClass[], at: Date): void {
    const keep = new Map(this.classes().map((cached) => [cached.class.id, cached]));
    this.statements.forgetAll.run();
    for (const cls of classes) {
      const known = keep.get(cls.id);
      const row = { id: cls.id, start: cls.start, class: JSON.stringify(cls), synced_at: at.toISOString() };
      this.statements.upsertWithRoster.run({ ...row, roster: known?.roster ? JSON.stringify(known.roster) : null });
    }
    this.statements.saveSyncedAt.run(at.toISOString());
  }

  /** One class with its roster, as the server answered it. Caller's transaction. */
  saveClass(cls: KioskClass, roster: KioskAttendee[], at: Date): void {
    this.statements.upsertWithRoster.run({ id: cls.id, start: cls.start, class: JSON.stringify(cls), roster: JSON.stringify(roster), synced_at: at.toISOString() });
  }

  /** A class the server no longer has (404). */
  forget(id: string): void {
    this.statements.forget.run(id);
  }

  /** Sets one attendee's status (a check-in answered here), adding them if they are new (a walk-in). Caller's transaction. */
  setAttendee(classId: string, attendee: KioskAttendee): void {
    const roster = this.find(classId)?.roster;
    if (!roster) return;
    const known = roster.some((a) => a.contact_id === attendee.contact_id);
    const updated = known ? roster.map((a) => (a.contact_id === attendee.contact_id ? attendee : a)) : [...roster, attendee];
    this.statements.setRoster.run(JSON.stringify(updated), classId);
  }

  saveLocation(name: string | null, timezone: string | null): void {
    this.statements.saveLocation.run(name, timezone);
  }

  saveBranding(branding: LocationBranding): void {
    this.statements.saveBranding.run(JSON.stringify(branding));
  }
}

/** Text this agent wrote; anything else (a hand-edited row) counts as never loaded, not as a crash. */
function parsedBranding(text: string | null): LocationBranding | null {
  if (text === null) return null;
  try {
    const parsed = LocationBranding.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
