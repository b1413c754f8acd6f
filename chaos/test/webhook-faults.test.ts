import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { webhookKill } from '../scenarios/webhook-kill.js';
import { quickSettings } from '../settings.js';
import { expectKeptPromises } from './expectations.js';

describe('webhook delivery faults (npm run chaos -- --quick)', () => {
  it.each(dialects)(
    'two studio serve processes (%s), one SIGKILLed mid-delivery and restarted, again and again: every committed event received and verified, none for a refused change',
    async (dialect) => {
      const result = await webhookKill(dialect, quickSettings.webhookKill);
      expectKeptPromises(result);
      expect(result.faults).toBe(quickSettings.webhookKill.kills);
      // Each kill landed on a process sending a delivery, not between deliveries.
      const kills = quickSettings.webhookKill.kills;
      expect(result.notes.join('\n')).toContain(`${kills} of ${kills} kills mid-delivery`);
    },
    // Two processes started, then restarted after each kill: seconds each on a loaded machine.
    180_000,
  );
});
