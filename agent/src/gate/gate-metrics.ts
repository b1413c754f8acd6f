import { Counter, type Registry } from 'prom-client';
import { outboxMetrics } from '../outbox/outbox-metrics.js';
import type { DecisionEvent } from '../runtime/events.js';
import type { DrainResult } from './visit-drain.js';
import type { VisitOutbox } from './visit-outbox.js';

/** The gate's counters (scans, grants, denials, offline decisions) and its visit outbox's depth and deliveries. */
export class GateMetrics {
  private readonly scans: Counter<'lane'>;
  private readonly grants: Counter<'lane' | 'offline'>;
  private readonly denials: Counter<'lane' | 'reason' | 'offline'>;
  private readonly offline: Counter;
  readonly drain: (result: DrainResult) => void;

  constructor(registry: Registry, outbox: Pick<VisitOutbox, 'depth'>) {
    const registers = [registry];
    this.scans = new Counter({ name: 'studio_agent_scans_total', help: 'Card reads decided', labelNames: ['lane'], registers });
    this.grants = new Counter({ name: 'studio_agent_grants_total', help: 'Scans let through', labelNames: ['lane', 'offline'], registers });
    this.denials = new Counter({ name: 'studio_agent_denials_total', help: 'Scans refused, by reason', labelNames: ['lane', 'reason', 'offline'], registers });
    this.offline = new Counter({ name: 'studio_agent_offline_decisions_total', help: 'Decisions taken from the cache', registers });
    this.drain = outboxMetrics(
      registry,
      { depth: 'studio_agent_outbox_depth', depthHelp: 'Outbox rows by status', deliveries: 'studio_agent_outbox_drain_total', deliveriesHelp: 'Outbox delivery attempts, by result' },
      () => outbox.depth(),
    );
  }

  decision(event: DecisionEvent): void {
    const offline = String(event.offline);
    this.scans.inc({ lane: event.laneId });
    if (event.offline) this.offline.inc();
    if (event.granted) this.grants.inc({ lane: event.laneId, offline });
    else this.denials.inc({ lane: event.laneId, reason: event.reason ?? 'unknown', offline });
  }
}
