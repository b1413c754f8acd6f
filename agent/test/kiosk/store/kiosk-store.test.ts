import type { KioskAttendee, KioskClass } from '@studio/shared/kiosk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewClassCheckIn } from '../../../src/kiosk/store/class-outbox.js';
import { KioskStore } from '../../../src/kiosk/store/kiosk-store.js';
import { openAgentDatabase, type AgentDatabase } from '../../../src/store/database.js';
import { tempDir } from '@studio/testkit/agent/test-agent';

const at = new Date('2026-03-02T10:00:00Z');
const yoga: KioskClass = {
  id: 'class-1',
  name: 'Morning Flow',
  instructor: 'Kim',
  start: '2026-03-02T10:10:00Z',
  end: '2026-03-02T11:10:00Z',
  capacity: 10,
  booked: 2,
  spots_left: 8,
  status: 'scheduled',
};
const roster: KioskAttendee[] = [
  { contact_id: 'c-vera', display_name: 'Vera K.', status: 'reserved' },
  { contact_id: 'c-paul', display_name: 'Paul B.', status: 'reserved' },
];
const checkIn = (contactId: string, key: string): NewClassCheckIn => ({
  idempotency_key: key,
  class_id: yoga.id,
  contact_id: contactId,
  device_id: 'front-kiosk',
  checked_in_at: at.toISOString(),
  class_name: yoga.name,
  class_start: yoga.start,
  display_name: roster.find((a) => a.contact_id === contactId)!.display_name,
});
const statusOf = (store: KioskStore, contactId: string) => store.timetable.find(yoga.id)?.roster?.find((a) => a.contact_id === contactId)?.status;

describe("the kiosk's store: the cached roster and the class check-in outbox", () => {
  let temp: ReturnType<typeof tempDir>;
  let path: string;
  let db: AgentDatabase;
  let store: KioskStore;
  beforeEach(() => {
    temp = tempDir();
    path = `${temp.dir}/agent.db`;
    db = openAgentDatabase(path);
    store = new KioskStore(db);
    store.saveRoster(yoga, roster, at);
  });
  afterEach(() => {
    if (db.open) db.close();
    temp.remove();
  });

  it('writes the outbox row and the roster’s new state in one transaction: when the outbox insert fails, the roster is unchanged', () => {
    store.recordOfflineCheckIn(checkIn('c-vera', 'key-1'), at);
    expect(() => store.recordOfflineCheckIn(checkIn('c-paul', 'key-1'), at)).toThrow(/UNIQUE/);
    expect(statusOf(store, 'c-vera')).toBe('checked_in');
    expect(statusOf(store, 'c-paul')).toBe('reserved');
    expect(store.outbox.list('pending')).toEqual([expect.objectContaining({ idempotency_key: 'key-1', contact_id: 'c-vera', attempts: 0 })]);
  });

  it('keeps an offline check-in and its roster state after a reopen, and a fresher roster still shows it until it is reported', () => {
    store.recordOfflineCheckIn(checkIn('c-vera', 'key-1'), at);
    db.close();
    db = openAgentDatabase(path);
    store = new KioskStore(db);
    expect(store.outbox.pending()).toEqual([expect.objectContaining({ idempotency_key: 'key-1', status: 'pending' })]);
    store.saveRoster(yoga, roster, new Date(at.getTime() + 60_000));
    expect(statusOf(store, 'c-vera')).toBe('checked_in');
    store.outbox.record([{ id: store.outbox.pending()[0]!.id, kind: 'sent' }], at);
    store.saveRoster(yoga, roster, new Date(at.getTime() + 120_000));
    expect(statusOf(store, 'c-vera')).toBe('reserved');
  });
});
