import { credentialHash } from '@studio/shared';
import { memberPassKey, passPayload, passStep } from '@studio/shared/pass';
import { agentConfig, tempDir, testAgent, type TestAgent } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeStudio } from '../helpers/fake-studio.js';

/**
 * A phone pass of a member with no card and no member code (their feed row is their pass's own,
 * `resolved_by: pass`), and of a member whose passes staff revoked (`pass_generation`).
 */
describe('a pass holder at the gate', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let t: TestAgent;
  const clock = Date.parse('2026-06-01T09:00:15.000Z');

  const start = async () => {
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId }), { server: studio, now: () => new Date(clock), logger: pino({ level: 'silent' }) });
    await t.agent.start();
    await t.agent.syncFeedNow();
    studio.mode = 'down';
  };
  const pass = async (contactId: string, generation = 0) => passPayload(await memberPassKey(studio.passKey(), contactId, generation), contactId, passStep(clock));
  /** A member whose only feed row is their pass's: its hash is of `P:<membership id>`, which no scan makes. */
  const passOnly = (firstName: string, generation?: number) => {
    const row = studio.addMember('0', { first_name: firstName, has_card: false, resolved_by: 'pass', ...(generation === undefined ? {} : { pass_generation: generation }) });
    row.credential_hash = credentialHash(studio.secret, `P:${row.membership_id}`);
    return row;
  };

  beforeEach(() => {
    temp = tempDir();
    studio = new FakeStudio();
  });
  afterEach(async () => {
    await t?.agent.stop();
    temp.remove();
  });

  it('opens offline for a member with neither card nor member code', async () => {
    const cleo = passOnly('Cleo');
    await start();
    expect(await t.scan(await pass(cleo.contact_id))).toMatchObject({ granted: true, offline: true, firstName: 'Cleo' });
    expect(t.relay.pulses).toEqual([200]);
    expect(t.agent.store.outbox.list('pending')).toMatchObject([{ membership_id: cleo.membership_id }]);
  });

  it('refuses a pass of a generation before the one the feed carries, and opens for the current one', async () => {
    const dan = passOnly('Dan', 2);
    await start();
    expect(await t.scan(await pass(dan.contact_id, 0))).toMatchObject({ granted: false, reason: 'bad_code' });
    expect(await t.scan(await pass(dan.contact_id, 1))).toMatchObject({ granted: false, reason: 'bad_code' });
    expect(await t.scan(await pass(dan.contact_id, 2))).toMatchObject({ granted: true, firstName: 'Dan' });
    expect(t.relay.pulses).toEqual([200]);
  });
});
