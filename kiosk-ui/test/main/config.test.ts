import { describe, expect, it } from 'vitest';
import { loadShellConfig } from '../../src/main/config.ts';

describe('loadShellConfig', () => {
  it('defaults to the agent on loopback, 30 s idle and 5 s answers', () => {
    expect(loadShellConfig({})).toEqual({
      config: { KIOSK_AGENT_URL: 'http://127.0.0.1:8787', KIOSK_IDLE_SECONDS: 30, KIOSK_ANSWER_SECONDS: 5, LOG_LEVEL: 'info' },
    });
  });

  it('refuses an agent off loopback and lists every problem', () => {
    const result = loadShellConfig({ KIOSK_AGENT_URL: 'http://192.168.1.20:8787', KIOSK_IDLE_SECONDS: '-1', LOG_LEVEL: 'loud' });
    expect('problems' in result && result.problems.map((problem) => problem.split(':')[0])).toEqual(['KIOSK_AGENT_URL', 'KIOSK_IDLE_SECONDS', 'LOG_LEVEL']);
  });
});
