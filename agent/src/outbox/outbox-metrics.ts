import { Counter, Gauge, type Registry } from 'prom-client';
import type { OutboxDepth } from './durable-outbox.js';

export interface OutboxMetricNames {
  /** A gauge of rows by status (`pending`, `rejected`). */
  depth: string;
  depthHelp: string;
  /** A counter of delivery attempts by result (`sent`, `rejected`, `retry`). */
  deliveries: string;
  deliveriesHelp: string;
}

/** An outbox's depth gauge and delivery counter on the agent's registry; answers the counter's `inc` by result. */
export function outboxMetrics(registry: Registry, names: OutboxMetricNames, depth: () => OutboxDepth): (result: 'sent' | 'rejected' | 'retry') => void {
  new Gauge({
    name: names.depth,
    help: names.depthHelp,
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const now = depth();
      this.set({ status: 'pending' }, now.pending);
      this.set({ status: 'rejected' }, now.rejected);
    },
  });
  const deliveries = new Counter({ name: names.deliveries, help: names.deliveriesHelp, labelNames: ['result'], registers: [registry] });
  return (result) => deliveries.inc({ result });
}
