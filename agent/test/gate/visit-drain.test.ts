import { agentConfig, tempDir, testAgent, type TestAgent } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@studio/shared/client';
import { drainInFlight } from '../../src/gate/visit-drain.js';
import { FakeStudio } from '../helpers/fake-studio.js';

describe('the outbox drain', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let t: TestAgent;

  beforeEach(async () => {
    temp = tempDir();
    studio = new FakeStudio();
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId }), { server: studio });
    await t.agent.start();
    await t.agent.syncFeedNow();
  });
  afterEach(async () => {
    await t.agent.stop();
    temp.remove();
  });

  const offlineVisits = async (identifiers: string[]) => {
    studio.mode = 'down';
    for (const id of identifiers) expect(await t.scan(id)).toMatchObject({ granted: true, offline: true });
    studio.mode = 'up';
  };

  it('delivers every offline visit once, in order, each with its own key, flagged offline', async () => {
    const members = ['1000000001', '1000000002', '1000000003'].map((id) => studio.addMember(id));
    await t.agent.syncFeedNow();
    await offlineVisits(['1000000001', '1000000002', '1000000003']);
    const keys = t.agent.store.outbox.list('pending').map((row) => row.idempotency_key);
    await t.agent.drainNow();
    expect(studio.visits.map((v) => v.membership_id)).toEqual(members.map((m) => m.membership_id));
    expect(studio.visits.map((v) => v.idempotency_key)).toEqual(keys);
    expect(studio.visits.every((v) => v.offline)).toBe(true);
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 0, sent: 3, rejected: 0 });
  });

  it('an answer lost after the server recorded the visit is replayed with the same key: still one visit', async () => {
    const ann = studio.addMember('1000000001');
    await t.agent.syncFeedNow();
    await offlineVisits(['1000000001']);
    studio.loseAnswers = 1;
    await t.agent.drainNow();
    expect(t.agent.store.outbox.depth().pending).toBe(1);
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    await t.agent.drainNow();
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 0, sent: 1 });
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
  });

  it('an online check-in left unanswered: the outbox replays it and the server keeps the one visit it recorded', async () => {
    const ann = studio.addMember('1000000001');
    await t.agent.syncFeedNow();
    studio.loseAnswers = 1;
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
    expect(t.agent.store.outbox.list('pending')[0]).toMatchObject({ online_attempted: 1, idempotency_key: studio.calls.checkIn[0]!.key });
    await t.agent.drainNow();
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    expect(studio.visitsOf(ann.membership_id)[0]!.offline).toBe(false);
    expect(t.relay.pulses).toHaveLength(1);
  });

  it('an online check-in the server refused while the gate opened offline is reported offline once, under a derived key', async () => {
    const ann = studio.addMember('1000000001');
    await t.agent.syncFeedNow();
    // The server stores its refusal of the online check-in (the member just became past_due), and the
    // answer never arrives: the gate opens on the cache's word.
    const original = studio.checkIn;
    studio.checkIn = async (body, options) => {
      studio.checkIn = original;
      studio.rows.get(ann.membership_id)!.row.status = 'past_due';
      await original(body, options).catch(() => undefined); // stored as checkin_blocked
      throw new Error('socket hang up');
    };
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
    await t.agent.drainNow();
    await t.agent.drainNow();
    const visits = studio.visitsOf(ann.membership_id);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ offline: true, flags: ['ineligible_at_checkin', 'past_due'] });
    expect(visits[0]!.idempotency_key).toBe(`${studio.calls.checkIn[0]!.key}:offline`);
  });

  it('an online check-in refused for a clock running ahead is reported offline once, not rejected', async () => {
    const ann = studio.addMember('1000000001');
    await t.agent.syncFeedNow();
    // As the real server does: a check-in stamped more than 5 minutes ahead is a bad request online
    // (400, not stored), and recorded at the server's time when it reports an offline passage.
    const original = studio.checkIn;
    studio.checkIn = async (body, options) => {
      if (body.offline) return original(body, options);
      studio.calls.checkIn.push({ body, key: options?.idempotencyKey });
      const details = { status: 400, type: 'invalid_request' as const, code: 'invalid_param', param: 'checked_in_at', requestId: undefined, reasons: undefined, retryAfterMs: undefined };
      throw new ApiRequestError('checked_in_at is more than 5 minutes in the future.', details, { method: 'POST', path: '/members/check-in', attempts: 1 });
    };
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
    await t.agent.drainNow();
    const visits = studio.visitsOf(ann.membership_id);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ offline: true, idempotency_key: `${studio.calls.checkIn[0]!.key}:offline` });
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 0, sent: 1, rejected: 0 });
  });

  it('keeps a rejected visit as rejected with its code, reports it, and delivers the rows behind it', async () => {
    const gone = studio.addMember('1000000001');
    const ann = studio.addMember('1000000002');
    await t.agent.syncFeedNow();
    await offlineVisits(['1000000001', '1000000002']);
    studio.rows.delete(gone.membership_id); // the server answers 404 resource_missing for it
    await t.agent.drainNow();
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 0, sent: 1, rejected: 1 });
    expect(t.agent.store.outbox.list('rejected')[0]).toMatchObject({ membership_id: gone.membership_id, last_error: 'resource_missing' });
    expect(t.agent.health().outbox.rejected_rows).toEqual([expect.objectContaining({ membership_id: gone.membership_id, code: 'resource_missing' })]);
    expect(t.agent.health().status).toBe('degraded');
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    await t.agent.drainNow();
    expect(t.agent.store.outbox.depth().rejected).toBe(1);
  });

  it.each([
    [429, 'rate_limited'],
    [409, 'idempotency_key_in_use'],
    [503, 'unavailable'],
    [401, 'invalid_api_key'],
  ])('retries rather than rejects after %i %s', async (status, code) => {
    const ann = studio.addMember('1000000001');
    await t.agent.syncFeedNow();
    await offlineVisits(['1000000001']);
    const original = studio.checkIn;
    studio.checkIn = async () => {
      studio.checkIn = original;
      throw new ApiRequestError(
        code,
        { status, type: 'x', code, param: undefined, requestId: undefined, reasons: undefined, retryAfterMs: undefined },
        { method: 'POST', path: '/members/check-in', attempts: 1 },
      );
    };
    await t.agent.drainNow();
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 1, rejected: 0 });
    expect(t.agent.store.outbox.list('pending')[0]).toMatchObject({ attempts: 1, last_error: expect.stringContaining(code) });
    await t.agent.drainNow();
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
  });

  /** Offline visits straight into the store: `perMember` for each of `members` new members, interleaved in time. */
  const queuedVisits = async (members: number, perMember: number) => {
    const added = Array.from({ length: members }, (_, i) => studio.addMember(String(2000000001 + i)));
    await t.agent.syncFeedNow();
    const start = Date.now() - 3_600_000;
    for (let round = 0; round < perMember; round++) {
      added.forEach((member, i) => {
        const at = new Date(start + (round * members + i) * 1000);
        const key = `visit-${member.membership_id}-${round}`;
        t.agent.store.recordOfflineGrant(
          { at, laneId: 'front', readerId: 'r1', credentialDigest: key, membershipId: member.membership_id, granted: true, reason: null, offline: true, idempotencyKey: key },
          { idempotency_key: key, membership_id: member.membership_id, location_id: studio.locationId, device_id: 'gate-1', checked_in_at: at.toISOString(), online_attempted: false },
        );
      });
    }
    return added;
  };

  /** Answers every check-in after a few milliseconds, counting deliveries in flight, overall and per membership. */
  const slowStudio = () => {
    const seen = { maxInFlight: 0, maxPerMembership: 0 };
    const inFlight = new Map<string, number>();
    let total = 0;
    const original = studio.checkIn;
    studio.checkIn = async (body, options) => {
      const id = body.membership_id!;
      inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
      total++;
      seen.maxInFlight = Math.max(seen.maxInFlight, total);
      seen.maxPerMembership = Math.max(seen.maxPerMembership, inFlight.get(id)!);
      try {
        await new Promise((resolve) => setTimeout(resolve, 3));
        return await original(body, options);
      } finally {
        inFlight.set(id, inFlight.get(id)! - 1);
        total--;
      }
    };
    return seen;
  };

  it(`delivers up to ${drainInFlight} visits at once, one at a time and in order per membership, each exactly once`, async () => {
    const members = await queuedVisits(40, 3);
    const seen = slowStudio();
    await t.agent.drainNow();
    expect(seen.maxInFlight).toBe(drainInFlight);
    expect(seen.maxPerMembership).toBe(1);
    expect(studio.visits).toHaveLength(120);
    expect(new Set(studio.visits.map((v) => v.idempotency_key)).size).toBe(120);
    for (const member of members) {
      expect(studio.visitsOf(member.membership_id).map((v) => v.idempotency_key)).toEqual([0, 1, 2].map((round) => `visit-${member.membership_id}-${round}`));
    }
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 0, sent: 120, rejected: 0 });
  });

  it('stops starting deliveries at the first retryable failure, keeps what was sent, and later sends the rest exactly once in order', async () => {
    const members = await queuedVisits(30, 2);
    slowStudio();
    const failing = members[5]!.membership_id;
    const slow = studio.checkIn;
    studio.checkIn = async (body, options) => {
      if (body.membership_id === failing) {
        studio.checkIn = slow;
        throw new ApiRequestError(
          'unavailable',
          { status: 503, type: 'api_error', code: 'unavailable', param: undefined, requestId: undefined, reasons: undefined, retryAfterMs: undefined },
          { method: 'POST', path: '/members/check-in', attempts: 1 },
        );
      }
      return slow(body, options);
    };
    await t.agent.drainNow();
    const afterFailure = t.agent.store.outbox.depth();
    expect(afterFailure.pending).toBeGreaterThanOrEqual(2);
    expect(afterFailure.sent).toBe(studio.visits.length);
    expect(afterFailure.sent).toBeLessThan(60);
    const [first] = t.agent.store.outbox.list('pending').filter((row) => row.membership_id === failing);
    expect(first).toMatchObject({ idempotency_key: `visit-${failing}-0`, attempts: 1, last_error: expect.stringContaining('unavailable') });
    expect(studio.visitsOf(failing)).toHaveLength(0);

    await t.agent.drainNow();
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 0, sent: 60, rejected: 0 });
    expect(new Set(studio.visits.map((v) => v.idempotency_key)).size).toBe(60);
    expect(studio.visitsOf(failing).map((v) => v.idempotency_key)).toEqual([`visit-${failing}-0`, `visit-${failing}-1`]);
  });
});
