import { tempDir } from '@studio/testkit/agent/test-agent';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../src/gate/decision-log.js';
import { GateStore } from '../../src/gate/gate-store.js';
import type { NewOutboxEntry } from '../../src/gate/visit-outbox.js';
import { openAgentDatabase } from '../../src/store/database.js';

/** The gate's tables on their own database file, as the agent opens them. */
function open(path: string) {
  const db = openAgentDatabase(path);
  return Object.assign(new GateStore(db), { close: () => db.close() });
}

const decision = (at = new Date()): DecisionRecord => ({
  at,
  laneId: 'front',
  readerId: 'reader-1',
  credentialDigest: 'digest',
  membershipId: 'm-1',
  granted: true,
  reason: null,
  offline: true,
  idempotencyKey: 'key-1',
});
const visit = (key = 'key-1'): NewOutboxEntry => ({
  idempotency_key: key,
  membership_id: 'm-1',
  location_id: 'loc',
  device_id: 'gate-1',
  checked_in_at: new Date().toISOString(),
  online_attempted: false,
});

describe("the gate's store: decisions and the visit outbox", () => {
  let temp: ReturnType<typeof tempDir>;
  let path: string;
  beforeEach(() => {
    temp = tempDir();
    path = `${temp.dir}/sub/agent.db`;
  });
  afterEach(() => temp.remove());

  it('keeps an offline grant and its outbox row after a reopen', () => {
    const store = open(path);
    store.recordOfflineGrant(decision(), visit());
    store.close();
    const again = open(path);
    expect(again.outbox.list('pending')).toEqual([expect.objectContaining({ idempotency_key: 'key-1', membership_id: 'm-1', status: 'pending', attempts: 0 })]);
    expect(again.decisions.lastPassage('digest')).not.toBeNull();
    expect(again.outbox.pendingCountOf('m-1')).toBe(1);
    again.close();
  });

  it('writes the decision and the outbox row in one transaction: when the outbox insert fails, no decision is kept', () => {
    const store = open(path);
    store.recordOfflineGrant(decision(new Date('2026-01-01T00:00:00Z')), visit('same'));
    expect(() => store.recordOfflineGrant(decision(new Date('2026-01-02T00:00:00Z')), visit('same'))).toThrow(/UNIQUE/);
    expect(store.decisions.lastPassage('digest')?.at).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(store.outbox.depth().pending).toBe(1);
    store.close();
  });

  it('never stores the scanned identifier', () => {
    const store = open(path);
    store.recordOfflineGrant(decision(), visit());
    store.close();
    const raw = new Database(path);
    const text = JSON.stringify([raw.prepare('select * from decisions').all(), raw.prepare('select * from outbox').all()]);
    raw.close();
    expect(text).not.toContain('1000000001');
  });

  it('a door that did not open withdraws a visit the drain is not delivering, and only flags one it is (to void it once sent)', () => {
    const store = open(path);
    const first = store.recordOfflineGrant(decision(), visit('idle'));
    expect(store.offlineDoorFailed(first, 'idle', new Date())).toBe('withdrawn');
    expect(store.outbox.depth()).toMatchObject({ pending: 0, sent: 0 });
    const second = store.recordOfflineGrant({ ...decision(), idempotencyKey: 'busy' }, visit('busy'));
    const [busy] = store.outbox.pending();
    store.outbox.claim([busy!.id]);
    expect(store.offlineDoorFailed(second, 'busy', new Date())).toBe('voided');
    expect(store.outbox.pendingCountOf('m-1')).toBe(0);
    store.outbox.record([{ id: busy!.id, kind: 'sent', ref: 'visit-9' }], new Date());
    store.outbox.release([busy!.id]);
    expect(store.outbox.voidsDue()).toMatchObject([{ visit_id: 'visit-9', void_reason: 'door_not_opened', void_state: 'pending' }]);
    expect(store.decisions.lastPassage('digest')).toBeNull();
    store.close();
  });

  it('marks rows sent or rejected only once, and reports depth by status', () => {
    const store = open(path);
    store.recordOfflineGrant(decision(), visit('a'));
    store.recordOfflineGrant({ ...decision(), idempotencyKey: 'b' }, visit('b'));
    const [a, b] = store.outbox.pending();
    store.outbox.record([{ id: a!.id, kind: 'sent', ref: 'visit-1' }], new Date());
    store.outbox.record([{ id: b!.id, kind: 'rejected', error: 'resource_missing' }], new Date());
    store.outbox.record([{ id: b!.id, kind: 'sent', ref: 'visit-2' }], new Date());
    expect(store.outbox.depth()).toMatchObject({ pending: 0, sent: 1, rejected: 1 });
    expect(store.outbox.list('rejected')[0]).toMatchObject({ last_error: 'resource_missing', visit_id: null });
    store.close();
  });

  it('counts the voids the server refused and lists the newest few, by when it refused them', () => {
    const store = open(path);
    const base = Date.parse('2026-03-02T10:00:00Z');
    for (let i = 0; i < 4; i++) store.outbox.addVoid({ ...visit(`v-${i}`), visit_id: `visit-${i}` }, 'door_not_opened', new Date(base));
    const due = store.outbox.voidsDue();
    store.outbox.recordVoids([{ id: due[2]!.id, kind: 'rejected', error: 'invalid_param' }], new Date(base + 60_000));
    store.outbox.recordVoids([{ id: due[0]!.id, kind: 'rejected', error: 'resource_missing' }], new Date(base + 120_000));
    store.outbox.recordVoids(
      [
        { id: due[3]!.id, kind: 'rejected', error: 'invalid_param' },
        { id: due[1]!.id, kind: 'done' },
      ],
      new Date(base + 180_000),
    );
    const refused = store.outbox.refusedVoids(2);
    expect(refused.count).toBe(3);
    const row = (i: number, reason: string, refusedAfterMs: number) => ({
      id: due[i]!.id,
      visit_id: `visit-${i}`,
      reason,
      void_reason: 'door_not_opened',
      checked_in_at: due[i]!.checked_in_at,
      refused_at: new Date(base + refusedAfterMs).toISOString(),
    });
    expect(refused.newest).toEqual([row(3, 'invalid_param', 180_000), row(0, 'resource_missing', 120_000)]);
    store.close();
  });
});
