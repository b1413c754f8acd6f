import { startAgentProcess, writeAgentConfig, type AgentProcess } from '@studio/testkit/agent/agent-process';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { freePort } from '@studio/testkit/server/processes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { networkExposure } from '../../src/local-api/exposure.js';

describe('the local API listening beyond loopback', () => {
  it('is named for any host but loopback, with how to restrict it', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) expect(networkExposure(host, 8787), host).toBeNull();
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'box.local']) {
      expect(networkExposure(host, 8787), host).toBe(
        `the local API listens on ${host}:8787 and is reachable from the network, without authentication: anyone who can reach this box reads /health, /metrics and ` +
          'the live /events stream. Set local_api.host to 127.0.0.1 to keep it on this box, or let a firewall admit only trusted hosts to port 8787.',
      );
    }
  });

  describe('studio-agent with the kiosk off', () => {
    let temp: ReturnType<typeof tempDir>;
    let agent: AgentProcess | null = null;
    beforeEach(() => {
      temp = tempDir();
    });
    afterEach(async () => {
      agent?.child.kill('SIGTERM');
      await agent?.exited;
      agent = null;
      temp.remove();
    });

    const start = async (host: string) => {
      const port = await freePort();
      const file = writeAgentConfig(temp.dir, {
        version: 1,
        server: { url: 'http://127.0.0.1:9/v1', api_key: 'sk_live_exposure_test_key' },
        location_id: '00000000-0000-4000-8000-000000000001',
        device_id: 'lan-gate',
        local_api: { host, port },
        store: { path: 'agent.db' },
        log_level: 'info',
      });
      agent = startAgentProcess(file, port);
      await expect.poll(() => agent!.output(), { timeout: 20_000, interval: 100 }).toContain('agent started');
      return agent;
    };
    const exposedLines = (output: string) => output.split('\n').filter((line) => line.includes('local_api.exposed'));

    it('on 0.0.0.0 warns once in its log at start and in GET /health, and still serves', async () => {
      const running = await start('0.0.0.0');
      const lines = exposedLines(running.output());
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 40,
        host: '0.0.0.0',
        msg: expect.stringMatching(/reachable from the network, without authentication.*Set local_api\.host to 127\.0\.0\.1/),
      });
      const health = await running.health();
      expect(health?.warnings).toEqual([expect.stringMatching(/^the local API listens on 0\.0\.0\.0:\d+ and is reachable from the network/)]);
    });

    it('on 127.0.0.1 says nothing of it', async () => {
      const running = await start('127.0.0.1');
      expect(exposedLines(running.output())).toEqual([]);
      expect((await running.health())?.warnings).toEqual([]);
    });
  });
});
