import { FakeReader, FakeRelay } from '@studio/testkit/agent/fake-devices';
import { agentConfig, tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../src/agent.js';
import type { DecisionEvent } from '../../src/runtime/events.js';
import { FakeStudio } from '../helpers/fake-studio.js';

/** A relay whose `on` waits until the test lets it go: its grant is decided and not yet written. */
class HeldRelay extends FakeRelay {
  private release: (() => void) | null = null;
  held = false;

  override async pulse(ms: number, onEnergised?: () => void): Promise<void> {
    this.pulses.push(ms);
    this.held = true;
    await new Promise<void>((resolve) => (this.release = resolve));
    onEnergised?.();
  }

  letGo(): void {
    this.release?.();
  }
}

/** Another lane's decision sees a grant whose relay has not taken its `on` yet, as if written. */
describe('grants not yet written, seen by another lane', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let agent: Agent;
  const readers = { a: new FakeReader('a'), b: new FakeReader('b') };
  let held: HeldRelay;

  const scan = (reader: FakeReader, identifier: string) =>
    new Promise<DecisionEvent>((resolve) => {
      const off = agent.bus.on('decision', (event) => {
        off();
        resolve(event);
      });
      reader.present(identifier);
    });

  const start = async (overrides: Parameters<typeof agentConfig>[1]) => {
    held = new HeldRelay('ka');
    agent = createAgent(
      agentConfig(`${temp.dir}/agent.db`, {
        location_id: studio.locationId,
        lanes: [
          { id: 'lane-a', reader: 'a', relay: 'ka', kind: 'turnstile', direction: 'in' },
          { id: 'lane-b', reader: 'b', relay: 'kb', kind: 'turnstile', direction: 'in' },
        ],
        ...overrides,
      }),
      { logger: pino({ level: 'silent' }), devices: { readers: Object.values(readers), relays: [held, new FakeRelay('kb')], sensors: [] }, server: studio },
    );
    await agent.start();
    await agent.syncFeedNow();
    studio.mode = 'down';
  };

  beforeEach(() => {
    temp = tempDir();
    studio = new FakeStudio();
  });
  afterEach(async () => {
    held.letGo();
    await agent?.stop();
    temp.remove();
  });

  it('offline: the last visit of an allowance, granted on one lane, is not granted again on another before it is written', async () => {
    const ann = studio.addMember('1000000001', { allowance: 1, used: 0 });
    await start({});
    expect(await scan(readers.a, '1000000001')).toMatchObject({ granted: true, offline: true });
    expect(held.held).toBe(true);
    expect(agent.store.outbox.depth().pending).toBe(0);
    expect(await scan(readers.b, '1000000001')).toMatchObject({ granted: false, offline: true });
    held.letGo();
    await agent.gate.stop();
    expect(agent.store.outbox.list('pending')).toMatchObject([{ membership_id: ann.membership_id }]);
  });

  it('anti-passback holds the member on another lane while the first grant is not written', async () => {
    studio.addMember('1000000001');
    await start({ anti_passback_s: 30 });
    expect(await scan(readers.a, '1000000001')).toMatchObject({ granted: true, offline: true });
    expect(await scan(readers.b, '1000000001')).toMatchObject({ granted: false, reason: 'anti_passback' });
  });
});
