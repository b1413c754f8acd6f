import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { CardRead, CardReader, Relay } from '../devices/types.js';
import type { DecisionEvent, EventBus } from '../events.js';
import type { AgentMetrics } from '../metrics.js';
import type { AgentStore } from '../store/agent-store.js';
import type { ServerContact } from '../sync/server-contact.js';
import { digestPrefix, type CredentialDigester } from './credential-digest.js';
import { decideOffline, findCached, type OfflinePolicy } from './offline-decision.js';
import { askServer, type GateServer } from './online-decision.js';

/** A reader and the relay it opens. */
export interface Lane {
  id: string;
  reader: CardReader;
  relay: Relay;
  pulseMs: number;
}

export interface GateSettings {
  locationId: string;
  deviceId: string;
  onlineBudgetMs: number;
  antiPassbackS: number;
  offline: OfflinePolicy;
}

export interface GateDeps {
  lanes: Lane[];
  server: GateServer;
  store: AgentStore;
  digest: CredentialDigester;
  bus: EventBus;
  metrics: AgentMetrics;
  contact: ServerContact;
  logger: Logger;
  settings: GateSettings;
  now?: () => Date;
  newIdempotencyKey?: () => string;
}

/**
 * The decision at the gate, per scan: anti-passback, then the server within its budget, then the
 * cache. A grant pulses the lane's relay exactly once, after the decision is durable. Scans of one
 * lane are handled one after another, so a double read cannot race its own first decision.
 */
export class Gate {
  private readonly unsubscribe: (() => void)[] = [];
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly now: () => Date;
  private readonly newKey: () => string;
  private readonly log: Logger;

  constructor(private readonly deps: GateDeps) {
    this.now = deps.now ?? (() => new Date());
    this.newKey = deps.newIdempotencyKey ?? randomUUID;
    this.log = deps.logger.child({ module: 'gate' });
  }

  start(): void {
    for (const lane of this.deps.lanes) {
      this.unsubscribe.push(lane.reader.onRead((read) => void this.enqueue(lane, read)));
    }
  }

  /** Stops taking reads and waits for the decisions in flight (their relays may still pulse). */
  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    await Promise.allSettled([...this.queues.values()]);
  }

  /** Queues a read on its lane; resolves with its decision. Never rejects: a failure is logged and refused. */
  enqueue(lane: Lane, read: CardRead): Promise<DecisionEvent | null> {
    const previous = this.queues.get(lane.id) ?? Promise.resolve();
    const next = previous.then(() => this.decide(lane, read)).catch((error: unknown) => {
      this.log.error({ lane: lane.id, err: error }, 'deciding a scan failed; refused');
      return null;
    });
    this.queues.set(lane.id, next);
    return next;
  }

  private async decide(lane: Lane, read: CardRead): Promise<DecisionEvent> {
    const { store, settings } = this.deps;
    const at = this.now();
    const digest = this.deps.digest(read.identifier);
    const cached = findCached(store, read.identifier);
    const base = { at: at.toISOString(), laneId: lane.id, readerId: read.readerId, firstName: cached?.first_name ?? null, staff: false };
    const record = { at, laneId: lane.id, readerId: read.readerId, credentialDigest: digest, membershipId: cached?.membership_id ?? null };

    const lastGrant = settings.antiPassbackS > 0 ? store.decisions.lastGrantAt(digest) : null;
    // Either side of the last grant: after the clock steps back, that grant looks ahead, and a
    // one-sided test would hold the member out for the whole jump.
    if (lastGrant && Math.abs(at.getTime() - lastGrant.getTime()) < settings.antiPassbackS * 1000) {
      store.decisions.add({ ...record, granted: false, reason: 'anti_passback', offline: false, idempotencyKey: null });
      return this.finish(lane, digest, { ...base, granted: false, reason: 'anti_passback', offline: false });
    }

    const idempotencyKey = this.newKey();
    const online = await askServer(
      this.deps.server,
      { identifier: read.identifier, locationId: settings.locationId, deviceId: settings.deviceId, at, idempotencyKey, budgetMs: settings.onlineBudgetMs },
      { contact: () => this.deps.contact.seen(), learn: (id, learned) => store.cache.learn(id, learned) },
    );
    if (online.kind === 'answered') {
      store.decisions.add({ ...record, membershipId: online.membershipId ?? record.membershipId, granted: online.granted, reason: online.reason, offline: false, idempotencyKey });
      return this.finish(lane, digest, { ...base, granted: online.granted, reason: online.reason, offline: false });
    }

    this.log.warn({ lane: lane.id, credential: digestPrefix(digest), error: online.error }, 'server did not answer in time; deciding from the cache');
    const offline = decideOffline(store, cached, read.identifier, settings.offline, at);
    const decided = { ...record, granted: offline.granted, reason: offline.reason, offline: true, idempotencyKey };
    const membershipId = cached?.membership_id ?? online.membershipId;
    if (offline.granted && membershipId !== null) {
      store.recordOfflineGrant(decided, {
        idempotency_key: idempotencyKey,
        membership_id: membershipId,
        location_id: settings.locationId,
        device_id: settings.deviceId,
        checked_in_at: at.toISOString(),
        online_attempted: online.checkInAttempted,
      });
    } else {
      // A refusal, or a staff card with no membership: nothing for the server to count.
      store.decisions.add(decided);
    }
    return this.finish(lane, digest, { ...base, granted: offline.granted, reason: offline.reason, offline: true, staff: offline.staff });
  }

  /**
   * Pulses once on a grant (never retried: a retry after an ambiguous error could admit two), and
   * reports at once rather than after the pulse, so a kiosk greets the member while the door opens.
   */
  private async finish(lane: Lane, digest: string, event: DecisionEvent): Promise<DecisionEvent> {
    const pulsing = event.granted
      ? lane.relay.pulse(lane.pulseMs).catch((error: unknown) => {
          this.log.error({ lane: lane.id, relay: lane.relay.id, err: error }, 'relay pulse failed; not retried');
        })
      : Promise.resolve();
    this.log.info(
      { lane: lane.id, reader: event.readerId, credential: digestPrefix(digest), granted: event.granted, reason: event.reason, offline: event.offline, staff: event.staff },
      event.granted ? 'granted' : 'refused',
    );
    this.deps.metrics.decision(event);
    this.deps.bus.emit('decision', event);
    await pulsing;
    return event;
  }
}
