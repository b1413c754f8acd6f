import { Registry } from 'prom-client';

/**
 * The agent's Prometheus metrics, on a registry of its own (never prom-client's global one: two
 * agents in one process, as in tests or the one-box, must not share counters). Features and
 * services register their own counters and gauges on `registry`; the local API serves `text()`.
 */
export class AgentMetrics {
  readonly registry = new Registry();

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
