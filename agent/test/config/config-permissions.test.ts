import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startAgentProcess, type AgentProcess } from '@studio/testkit/agent/agent-process';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { freePort } from '@studio/testkit/server/processes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgentConfigFile, type ConfigWarning } from '../../src/config/load.js';

const key = 'sk_live_config_permissions_test_key';
const minimal = (withKey: boolean) => ({
  version: 1,
  server: { url: 'http://127.0.0.1:9/v1', ...(withKey && { api_key: key }) },
  location_id: '00000000-0000-4000-8000-000000000001',
  device_id: 'perm-gate',
});

describe('a config file holding the API key', () => {
  let temp: ReturnType<typeof tempDir>;
  let agent: AgentProcess | null = null;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(async () => {
    agent?.child.kill('SIGKILL');
    await agent?.exited;
    agent = null;
    temp.remove();
  });

  const write = (config: object, mode: number) => {
    const file = join(temp.dir, 'agent.json');
    writeFileSync(file, JSON.stringify(config));
    chmodSync(file, mode);
    return file;
  };
  const warningsOf = (file: string, env: Record<string, string> = {}) => {
    const warnings: ConfigWarning[] = [];
    loadAgentConfigFile(file, env, (warning) => warnings.push(warning));
    return warnings;
  };

  it('is reported when its group or other users may read it, and never with the key', () => {
    expect(warningsOf(write(minimal(true), 0o644))).toEqual([{ file: join(temp.dir, 'agent.json'), mode: '0644', message: expect.stringMatching(/readable by other users: chmod 600/) }]);
    expect(warningsOf(write(minimal(true), 0o640))).toEqual([expect.objectContaining({ mode: '0640', message: expect.stringContaining('readable by its group') })]);
    expect(JSON.stringify(warningsOf(write(minimal(true), 0o604)))).not.toContain(key);
  });

  it('is not reported at 0600, nor for a readable file whose key comes from the environment', () => {
    expect(warningsOf(write(minimal(true), 0o600))).toEqual([]);
    expect(warningsOf(write(minimal(false), 0o644), { STUDIO_AGENT_KEY: key })).toEqual([]);
  });

  it('studio-agent logs the warning once, at warn, when it starts', async () => {
    const port = await freePort();
    const file = write({ ...minimal(true), local_api: { port }, store: { path: 'agent.db' }, log_level: 'info' }, 0o644);
    agent = startAgentProcess(file, port);
    await expect.poll(() => agent!.output(), { timeout: 20_000, interval: 100 }).toContain('agent started');
    const warnings = agent
      .output()
      .split('\n')
      .filter((line) => line.includes('readable by other users'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, mode: '0644', file });
    expect(agent.output()).not.toContain(key);
  });
});
