import { humanDestination } from '@studio/shared/logging';
import { agentConfig, tempDir, testAgent, type TestAgent } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceSupervisor, type LossReporter } from '../../src/devices/supervision/supervisor.js';
import { createAgentLogger } from '../../src/runtime/logger.js';
import { ManualClock } from '../devices/helpers/manual-clock.js';
import { FakeStudio } from '../helpers/fake-studio.js';

/** What a person at the agent's terminal reads: the agent's logger through the human destination. */
function terminal() {
  const lines: string[] = [];
  const logger = createAgentLogger('debug', humanDestination({ write: (text: string) => lines.push(...text.trimEnd().split('\n')) }, 'UTC'));
  // The clock column is the box's time; the rest is what matters here.
  return { logger, lines, said: () => lines.map((line) => line.replace(/^\d\d:\d\d:\d\d {2}/, '')) };
}

describe("the agent's terminal lines, from the real gate, server link and device supervisor", () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let t: TestAgent;

  beforeEach(() => {
    temp = tempDir();
    studio = new FakeStudio();
  });
  afterEach(async () => {
    await t?.agent.stop();
    temp.remove();
  });

  it('a check-in, a denial with its reason, the server unreachable once and back: by masked card, never the number', async () => {
    const screen = terminal();
    studio.addMember('1000000001');
    studio.addMember('1000000002', { status: 'past_due' });
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId }), { server: studio, logger: screen.logger });
    await t.agent.start();
    await t.agent.syncFeedNow();

    await t.scan('1000000001');
    await t.scan('1000000002');
    // The refused scan is reported to the server after the decision: settled before the server goes down.
    await t.agent.gate.refusalReportsSettled();
    studio.mode = 'down';
    await t.scan('1000000001');
    await t.scan('1000000002');
    studio.mode = 'up';
    await t.scan('1000000001');

    // A card is named by the first characters of its local digest: the same card, the same name.
    const card = String.raw`card [\w-]{8}…`;
    expect(screen.said()).toEqual([
      expect.stringMatching(/^agent {5}started: 1 lane\(s\), 0 card\(s\) cached, 0 visit\(s\) to send$/),
      expect.stringMatching(new RegExp(`^check-in  lane front, ${card}$`)),
      expect.stringMatching(new RegExp(`^denied    lane front, ${card}: payment past due$`)),
      'server    unreachable (network_error): deciding from the cache',
      expect.stringMatching(new RegExp(`^check-in  lane front, ${card} \\(offline\\)$`)),
      expect.stringMatching(new RegExp(`^denied    lane front, ${card}: payment past due \\(offline\\)$`)),
      'server    reachable again',
      expect.stringMatching(new RegExp(`^check-in  lane front, ${card}$`)),
    ]);
    const cardOf = (line: string) => /card (\S+)…/.exec(line)![1];
    const said = screen.said();
    expect(new Set([1, 4, 7].map((i) => cardOf(said[i]!))).size).toBe(1);
    expect(cardOf(said[2]!)).not.toBe(cardOf(said[1]!));
    expect(screen.lines.join('\n')).not.toMatch(/100000000[12]|Ann/);
  });

  it('a device connected, lost and not connected while it is away', async () => {
    const screen = terminal();
    const clock = new ManualClock();
    let present = true;
    let loss: LossReporter | null = null;
    const supervisor = new DeviceSupervisor({
      id: 'reader-front',
      kind: 'reader',
      driver: 'test',
      logger: screen.logger.child({ device: 'reader-front' }),
      clock,
      random: () => 1,
      open: async (reporter) => {
        if (!present) throw Object.assign(new Error('no such file or directory, cannot open /dev/hidraw3'), { code: 'ENOENT' });
        loss = reporter;
        return { close: async () => {} };
      },
    });
    await supervisor.start();
    present = false;
    loss!.lost('could not read from HID device');
    await clock.advance(500);
    present = true;
    await clock.advance(1000);
    await supervisor.stop();
    expect(screen.said()).toEqual([
      'device    reader reader-front connected',
      'device    reader reader-front lost (could not read from HID device)',
      'device    reader reader-front not connected (ENOENT: no such file or directory, cannot open /dev/hidraw3)',
      'device    reader reader-front connected',
    ]);
  });
});
