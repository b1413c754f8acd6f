import { Counter, Gauge, Registry } from 'prom-client';
import type { DecisionEvent } from './events.js';
import type { OutboxDepth } from '../store/outbox.js';

export type DrainResult = 'sent' | 'rejected' | 'retry';

/**
 * The agent's Prometheus metrics, on a registry of its own (never prom-client's global one: two
 * agents in one process, as in tests or the one-box, must not share counters).
 */
export class AgentMetrics {
  readonly registry = new Registry();
  private readonly scans = new Counter({ name: 'studio_agent_scans_total', help: 'Card reads decided', labelNames: ['lane'], registers: [this.registry] });
  private readonly grants = new Counter({ name: 'studio_agent_grants_total', help: 'Scans let through', labelNames: ['lane', 'offline'], registers: [this.registry] });
  private readonly denials = new Counter({ name: 'studio_agent_denials_total', help: 'Scans refused, by reason', labelNames: ['lane', 'reason', 'offline'], registers: [this.registry] });
  private readonly offline = new Counter({ name: 'studio_agent_offline_decisions_total', help: 'Decisions taken from the cache', registers: [this.registry] });
  private readonly drains = new Counter({ name: 'studio_agent_outbox_drain_total', help: 'Outbox delivery attempts, by result', labelNames: ['result'], registers: [this.registry] });

  constructor(outboxDepth: () => OutboxDepth, cacheAgeSeconds: () => number | null) {
    new Gauge({
      name: 'studio_agent_outbox_depth',
      help: 'Outbox rows by status',
      labelNames: ['status'],
      registers: [this.registry],
      collect() {
        const depth = outboxDepth();
        this.set({ status: 'pending' }, depth.pending);
        this.set({ status: 'rejected' }, depth.rejected);
      },
    });
    new Gauge({
      name: 'studio_agent_cache_age_seconds',
      help: 'Seconds since the eligibility cache was last complete and current (-1: never)',
      registers: [this.registry],
      collect() {
        this.set(cacheAgeSeconds() ?? -1);
      },
    });
  }

  decision(event: DecisionEvent): void {
    const offline = String(event.offline);
    this.scans.inc({ lane: event.laneId });
    if (event.offline) this.offline.inc();
    if (event.granted) this.grants.inc({ lane: event.laneId, offline });
    else this.denials.inc({ lane: event.laneId, reason: event.reason ?? 'unknown', offline });
  }

  drain(result: DrainResult): void {
    this.drains.inc({ result });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
