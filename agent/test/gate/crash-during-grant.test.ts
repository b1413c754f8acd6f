import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EligibilityCache } from '../../src/eligibility/cache.js';
import { GateStore } from '../../src/gate/gate-store.js';
import { drainVisits } from '../../src/gate/visit-drain.js';
import { ServerContact } from '../../src/link/server-contact.js';
import { openAgentDatabase } from '../../src/store/database.js';
import { FakeStudio } from '../helpers/fake-studio.js';
import type { CrashStep } from './crash-during-grant.child.js';

const child = new URL('./crash-during-grant.child.ts', import.meta.url).pathname;

/**
 * An offline grant is written once its relay has the `on` command. A process killed (SIGKILL) at
 * each step, then the database as the restarted agent finds it, and what its drain delivers: a
 * member is never charged for a door that did not open, and a visit written is delivered once.
 */
describe('the gate killed during an offline grant', () => {
  let temp: ReturnType<typeof tempDir>;
  const membershipId = randomUUID();

  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp.remove());

  /** Runs the gate until it stops at the step, kills it, and answers the restarted agent's tables and drain. */
  const killAt = async (step: CrashStep) => {
    const path = `${temp.dir}/agent.db`;
    const gate = spawn(process.execPath, ['--import', 'tsx', child, path, step, membershipId], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => gate.once('exit', resolve));
    for await (const line of createInterface({ input: gate.stdout! })) {
      if (line === 'stopped') break;
    }
    gate.kill('SIGKILL');
    await exited;

    const db = openAgentDatabase(path);
    try {
      const decisions = db.prepare('select granted, reason, offline from decisions').all();
      const store = new GateStore(db);
      const studio = new FakeStudio();
      studio.addMember('1000000001', { membership_id: membershipId });
      const now = () => new Date();
      const drain = () => drainVisits({ server: studio, outbox: store.outbox, cache: new EligibilityCache(db), contact: new ServerContact(now), logger: pino({ level: 'silent' }), now });
      const pending = store.outbox.list('pending');
      await drain();
      await drain();
      return { decisions, pending, studio, sent: store.outbox.list('sent') };
    } finally {
      db.close();
    }
  };

  it('killed before the relay command: nothing written, nothing delivered (the door stayed shut)', async () => {
    const after = await killAt('before-relay');
    expect(after.decisions).toEqual([]);
    expect(after.pending).toEqual([]);
    expect(after.studio.calls.checkIn).toEqual([]);
  }, 30_000);

  it('killed between the relay command and the write: the passage is lost, the member is not charged', async () => {
    const after = await killAt('after-relay');
    expect(after.decisions).toEqual([]);
    expect(after.pending).toEqual([]);
    expect(after.studio.calls.checkIn).toEqual([]);
  }, 30_000);

  it('killed after the write: the decision and the visit are there, and the visit is delivered exactly once', async () => {
    const after = await killAt('after-write');
    expect(after.decisions).toEqual([{ granted: 1, reason: null, offline: 1 }]);
    expect(after.pending).toMatchObject([{ membership_id: membershipId, status: 'pending', online_attempted: 0 }]);
    expect(after.studio.calls.checkIn).toHaveLength(1);
    expect(after.studio.calls.checkIn[0]).toMatchObject({ key: after.pending[0]!.idempotency_key, body: { membership_id: membershipId, offline: true } });
    expect(after.studio.visitsOf(membershipId)).toHaveLength(1);
    expect(after.sent).toMatchObject([{ idempotency_key: after.pending[0]!.idempotency_key, visit_id: after.studio.visits[0]!.id }]);
  }, 30_000);
});
