// A gate in a process of its own, to be SIGKILLed at one step of an offline grant: it prints
// `stopped` at that step and then waits forever. Arguments: the database path, the step, the
// membership id of the one member, whose card is 1000000001.
import { FakeReader, FakeRelay } from '@studio/testkit/agent/fake-devices';
import { agentConfig } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { createAgent } from '../../src/agent.js';
import { FakeStudio } from '../helpers/fake-studio.js';

export type CrashStep = 'before-relay' | 'after-relay' | 'after-write';

const [dbPath, step, membershipId] = process.argv.slice(2) as [string, CrashStep, string];
const stopHere = (): Promise<void> => {
  process.stdout.write('stopped\n');
  return new Promise(() => {});
};

/** A relay that stops the process's progress at the step: before its `on`, after it, or after the grant's write. */
class StoppingRelay extends FakeRelay {
  override async pulse(_ms: number, onEnergised?: () => void): Promise<void> {
    if (step === 'before-relay') return stopHere();
    // The `on` command is out: the door is opening.
    if (step === 'after-relay') return stopHere();
    onEnergised?.();
    return stopHere();
  }
}

const studio = new FakeStudio();
studio.addMember('1000000001', { membership_id: membershipId, allowance: 10 });
const reader = new FakeReader('reader-1');
const agent = createAgent(agentConfig(dbPath, { location_id: studio.locationId }), {
  logger: pino({ level: 'silent' }),
  devices: { readers: [reader], relays: [new StoppingRelay('relay-1')], sensors: [] },
  server: studio,
});
await agent.start();
await agent.syncFeedNow();
studio.mode = 'down';
reader.present('1000000001');
