import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadAgentConfigFile, parseAgentConfig } from '../../src/config/load.js';
import { pulseMsOf } from '../../src/config/lanes.js';

const minimal = {
  version: 1,
  server: { url: 'https://10.0.0.2:3000/v1', api_key: 'acme_sk_live_abc' },
  location_id: '00000000-0000-4000-8000-000000000001',
  device_id: 'front-gate',
};

function problemsOf(raw: unknown, env: Record<string, string> = {}): string[] {
  try {
    parseAgentConfig(raw, { env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('agent config', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => (temp = tempDir()));
  afterEach(() => temp.remove());

  it('fills every default from the schema', () => {
    const config = parseAgentConfig(minimal, { baseDir: '/etc/studio-agent' });
    expect(config).toMatchObject({
      devices: { readers: [], relays: [], sensors: [] },
      lanes: [],
      budgets: { online_decision_ms: 1500 },
      offline: { max_cache_age_s: 86_400, staff_identifiers: [] },
      store: { path: '/etc/studio-agent/data/agent.db' },
      local_api: { enabled: true, host: '127.0.0.1', port: 8787 },
    });
  });

  it('prints every problem as path: message, not just the first', () => {
    const problems = problemsOf({
      version: 2,
      server: { url: 'not a url' },
      location_id: 'nope',
      device_id: '',
      budgets: { online_decision_ms: 5 },
      surprise: true,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^version: /),
        expect.stringMatching(/^server\.url: /),
        expect.stringMatching(/^location_id: /),
        expect.stringMatching(/^device_id: /),
        expect.stringMatching(/^budgets\.online_decision_ms: /),
        expect.stringMatching(/^\(root\): .*surprise/),
        'server.api_key: required (or set STUDIO_AGENT_KEY)',
      ]),
    );
  });

  it('checks that every lane names a configured reader and relay', () => {
    const problems = problemsOf({
      ...minimal,
      devices: { readers: [{ id: 'r1', driver: 'stdin' }], relays: [{ id: 'k1', driver: 'log' }] },
      lanes: [
        { id: 'a', reader: 'r1', relay: 'k2' },
        { id: 'b', reader: 'r1', relay: 'k1' },
      ],
    });
    expect(problems).toEqual(['lanes.0.relay: no relay "k2" in devices.relays', 'lanes.1.reader: reader "r1" already drives another lane']);
  });

  it('takes the API key from STUDIO_AGENT_KEY over the file', () => {
    const { server } = minimal;
    expect(parseAgentConfig({ ...minimal, server: { url: server.url } }, { env: { STUDIO_AGENT_KEY: 'env_sk_live_x' } }).server.api_key).toBe('env_sk_live_x');
    expect(parseAgentConfig(minimal, { env: { STUDIO_AGENT_KEY: 'env_sk_live_y' } }).server.api_key).toBe('env_sk_live_y');
  });

  it('never puts the API key in a problem message', () => {
    const problems = problemsOf({ ...minimal, server: { ...minimal.server, url: 'bad' }, version: 3 });
    expect(problems.join('\n')).not.toContain('acme_sk_live_abc');
  });

  it('defaults a lane pulse by kind: a turnstile short, a door strike seconds', () => {
    const config = parseAgentConfig({
      ...minimal,
      devices: {
        readers: [
          { id: 'r1', driver: 'stdin' },
          { id: 'r2', driver: 'stdin' },
        ],
        relays: [{ id: 'k1', driver: 'log' }],
      },
      lanes: [
        { id: 'turnstile', reader: 'r1', relay: 'k1' },
        { id: 'door', reader: 'r2', relay: 'k1', kind: 'door' },
      ],
    });
    expect(config.lanes.map(pulseMsOf)).toEqual([200, 3000]);
  });

  it('takes a lane direction: in by default, out for an exit, nothing else', () => {
    const devices = {
      readers: [
        { id: 'r1', driver: 'stdin' },
        { id: 'r2', driver: 'stdin' },
      ],
      relays: [
        { id: 'k1', driver: 'log' },
        { id: 'k2', driver: 'log' },
      ],
    };
    const config = parseAgentConfig({
      ...minimal,
      devices,
      lanes: [
        { id: 'entry', reader: 'r1', relay: 'k1' },
        { id: 'exit', reader: 'r2', relay: 'k2', direction: 'out' },
      ],
    });
    expect(config.lanes.map((lane) => lane.direction)).toEqual(['in', 'out']);
    expect(problemsOf({ ...minimal, devices, lanes: [{ id: 'entry', reader: 'r1', relay: 'k1', direction: 'sideways' }] })).toEqual([expect.stringMatching(/^lanes\.0\.direction: /)]);
  });

  it('reports an unreadable or malformed file as one problem', () => {
    const file = join(temp.dir, 'agent.json');
    writeFileSync(file, '{ "version": 1,');
    expect(() => loadAgentConfigFile(file, {})).toThrow(ConfigError);
    expect(() => loadAgentConfigFile(join(temp.dir, 'missing.json'), {})).toThrow(/cannot read/);
    writeFileSync(file, JSON.stringify({ ...minimal, store: { path: 'cache/agent.db' } }));
    expect(loadAgentConfigFile(file, {}).store.path).toBe(join(temp.dir, 'cache/agent.db'));
  });
});
