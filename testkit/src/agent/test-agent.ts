import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent, type Agent, type AgentDeps } from '@studio/agent/src/agent.js';
import type { AgentConfig } from '@studio/agent/src/config/schema.js';
import type { DecisionEvent } from '@studio/agent/src/runtime/events.js';
import { pino } from 'pino';
import { FakeReader, FakeRelay } from './fake-devices.js';

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'studio-agent-test-'));
  // Retried: a child the test started (a stand-in tool, a socat) may still be writing a file in it.
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }) };
}

type Overrides = { [K in keyof AgentConfig]?: AgentConfig[K] extends object ? Partial<AgentConfig[K]> : AgentConfig[K] };

/** A complete, valid config as the schema would output it (no device layer needed). */
export function agentConfig(storePath: string, overrides: Overrides = {}): AgentConfig {
  const base: AgentConfig = {
    version: 1,
    server: { url: 'http://127.0.0.1:9/v1', api_key: 'test_sk_live_x', allow_insecure_http: false },
    location_id: '00000000-0000-4000-8000-000000000001',
    device_id: 'gate-1',
    devices: { readers: [], relays: [], sensors: [] } as unknown as AgentConfig['devices'],
    lanes: [{ id: 'front', reader: 'reader-1', relay: 'relay-1', kind: 'turnstile', direction: 'in' }],
    budgets: { online_decision_ms: 300 },
    offline: { max_cache_age_s: 86_400, staff_identifiers: [] },
    anti_passback_s: 0,
    sync: { feed_interval_s: 3600, drain_interval_s: 3600, max_backoff_s: 3600, page_limit: 1000 },
    heartbeat: { interval_s: 3600, timeout_ms: 2000 },
    store: { path: storePath },
    local_api: { enabled: false, host: '127.0.0.1', port: 0 },
    kiosk: { enabled: false, horizon_hours: 3, refresh_s: 3600, checkin_opens_min: 30, online_budget_ms: 2000 },
    desk: { readers: [] },
    log_level: 'silent',
  };
  const merged = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    merged[key] = current && typeof current === 'object' && !Array.isArray(current) && value && typeof value === 'object' && !Array.isArray(value) ? { ...current, ...value } : value;
  }
  return merged as AgentConfig;
}

export interface TestAgent {
  agent: Agent;
  reader: FakeReader;
  relay: FakeRelay;
  /** Presents a card and waits for its decision. */
  scan(identifier: string): Promise<DecisionEvent>;
}

export function testAgent(config: AgentConfig, deps: Partial<AgentDeps> & Pick<AgentDeps, 'server'>): TestAgent {
  const reader = new FakeReader('reader-1');
  const relay = new FakeRelay('relay-1');
  const agent = createAgent(config, { logger: pino({ level: 'silent' }), devices: { readers: [reader], relays: [relay], sensors: [] }, ...deps });
  const scan = async (identifier: string) => {
    const decided = new Promise<DecisionEvent>((resolve) => {
      const off = agent.bus.on('decision', (event) => {
        off();
        resolve(event);
      });
    });
    reader.present(identifier);
    return decided;
  };
  return { agent, reader, relay, scan };
}
