import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startAgentProcess, writeAgentConfig, type AgentProcess } from '@studio/testkit/agent/agent-process';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { freePort } from '@studio/testkit/server/processes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * `studio-agent ... | tee agent.log`, the tee gone: the agent must stop as on SIGTERM (relays off,
 * store closed) and exit, not run on unheard or retry the write for ever (issue 30). A real process,
 * whose standard output pipe the test closes; the next line written finds it closed.
 */
describe('studio-agent whose standard output is closed', () => {
  let temp: ReturnType<typeof tempDir>;
  let agent: AgentProcess | null = null;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(async () => {
    if (agent && agent.child.exitCode === null) agent.child.kill('SIGKILL');
    await agent?.exited;
    agent = null;
    temp.remove();
  });

  const start = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    const file = writeAgentConfig(temp.dir, {
      version: 1,
      server: { url: 'http://127.0.0.1:9/v1', api_key: 'sk_live_output_closed_test_key' },
      location_id: '00000000-0000-4000-8000-000000000001',
      device_id: 'piped-gate',
      local_api: { port },
      store: { path: 'agent.db' },
      log_level: 'info',
    });
    agent = startAgentProcess(file, port, env);
    await expect.poll(() => agent!.output(), { timeout: 30_000, interval: 100 }).toMatch(/agent started|started: 1 lane/);
    return agent;
  };
  /** Closes the test's end of the pipe, then types a card: its decision is the next line written. */
  const closeOutputAndScan = (running: AgentProcess) => {
    running.child.stdout!.destroy();
    running.scan('HF-1001');
  };
  const exitWithin = (running: AgentProcess, ms: number) => Promise.race([running.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), ms))]);

  it('with JSON lines to the pipe (as under tee): exits 0, its store closed', async () => {
    const running = await start();
    closeOutputAndScan(running);
    expect(await exitWithin(running, 20_000)).toBe(0);
    // SQLite removes the WAL file when its last connection closes cleanly.
    expect(existsSync(join(temp.dir, 'agent.db'))).toBe(true);
    expect(existsSync(join(temp.dir, 'agent.db-wal'))).toBe(false);
  });

  it('with human lines to the pipe and JSON to LOG_FILE: stops as on SIGTERM, relays off, and says so in the file', async () => {
    const logFile = join(temp.dir, 'agent.jsonl');
    const running = await start({ LOG_FORMAT: 'human', LOG_FILE: logFile });
    closeOutputAndScan(running);
    expect(await exitWithin(running, 20_000)).toBe(0);
    const lines = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const stopping = lines.findIndex((line) => line.msg === 'stopping: relays off, database closed');
    expect(lines[stopping]).toMatchObject({ signal: 'SIGTERM' });
    expect(lines.slice(stopping).some((line) => line.action === 'all-off')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ event: 'agent.stopped' });
  });
});
