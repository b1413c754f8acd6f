import { createStudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import { pulseMsOf } from './config/lanes.js';
import type { AgentConfig } from './config/schema.js';
import type { CardReader, Device, PassageSensor, Relay } from './devices/types.js';
import { cacheAgeGauge } from './eligibility/cache-health.js';
import { EligibilityCache } from './eligibility/cache.js';
import { createCredentialDigester } from './eligibility/credential-digest.js';
import { syncFeed, type FeedServer } from './eligibility/feed-sync.js';
import { GateMetrics } from './gate/gate-metrics.js';
import { GateStore } from './gate/gate-store.js';
import { Gate, type Lane } from './gate/gate.js';
import type { GateServer } from './gate/online-decision.js';
import { drainVisits, type DrainServer } from './gate/visit-drain.js';
import { healthReport, type HealthReport } from './health.js';
import { Heartbeat, heartbeatReport, watchLastScan, type HeartbeatServer } from './heartbeat.js';
import type { KioskServer } from './kiosk/kiosk-server.js';
import { Kiosk } from './kiosk/kiosk.js';
import { DeskReaders, type DeskReadOutcome, type DeskScanServer } from './desk/desk-readers.js';
import { ServerContact } from './link/server-contact.js';
import { LocalApi } from './local-api/local-api.js';
import { watchDeviceHealth } from './runtime/device-health-watch.js';
import { EventBus } from './runtime/events.js';
import { AgentMetrics } from './runtime/metrics.js';
import { PeriodicTask } from './runtime/periodic-task.js';
import { databaseWritable, openAgentDatabase } from './store/database.js';

export const agentVersion = '0.1.0';

export interface AgentDevices {
  readers: CardReader[];
  relays: Relay[];
  sensors: PassageSensor[];
}

export interface AgentDeps {
  logger: Logger;
  devices: AgentDevices;
  /** The API's members endpoints; default a client on `config.server`. Tests pass a fake. */
  server?: GateServer & FeedServer & DrainServer;
  /** The class, resolve and location endpoints the kiosk uses; default the same client. */
  kioskServer?: KioskServer;
  /** Where desk readers report (`POST /v1/desk-scans`); default the same client. */
  deskServer?: DeskScanServer;
  /** Where the heartbeat goes (`POST /v1/devices/heartbeat`); default the client when the agent has one, else none. */
  heartbeatServer?: HeartbeatServer;
  /** Hears what became of each desk read (tests); never the number. */
  onDeskRead?: (outcome: DeskReadOutcome) => void;
  now?: () => Date;
}

function kioskReader(config: AgentConfig, devices: AgentDevices): CardReader | null {
  if (config.kiosk.reader === undefined) return null;
  const reader = devices.readers.find((r) => r.id === config.kiosk.reader);
  if (!reader) throw new Error(`kiosk: reader "${config.kiosk.reader}" was not created`);
  return reader;
}

function buildLanes(config: AgentConfig, devices: AgentDevices): Lane[] {
  return config.lanes.map((lane) => {
    const reader = devices.readers.find((r) => r.id === lane.reader);
    const relay = devices.relays.find((r) => r.id === lane.relay);
    if (!reader || !relay) throw new Error(`lane ${lane.id}: reader "${lane.reader}" or relay "${lane.relay}" was not created`);
    return { id: lane.id, reader, relay, pulseMs: pulseMsOf(lane), direction: lane.direction };
  });
}

/**
 * The composition root: one database (its schema brought up to date), one API client, the shared
 * services (eligibility cache and its feed sync; the server contact every link reports to), the
 * features (the gate and its visit outbox drain; the kiosk, which runs its own jobs) and the local
 * API, started and stopped in a safe order (relays off first and last).
 */
export function createAgent(config: AgentConfig, deps: AgentDeps) {
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger;
  const needsClient = !deps.server || (config.kiosk.enabled && !deps.kioskServer) || (config.desk.readers.length > 0 && !deps.deskServer);
  const client = needsClient
    ? createStudioClient({ baseUrl: config.server.url, apiKey: config.server.api_key, tlsFingerprint: config.server.tls_fingerprint, logger: logger.child({ module: 'client' }) })
    : null;
  const server = deps.server ?? client!.members;
  // A desk reader reports with a desk reader's device key (issue 29): its own, when this agent's key is its turnstile's or kiosk's.
  const deskClient =
    config.desk.readers.length > 0 && config.desk.api_key !== undefined && !deps.deskServer
      ? createStudioClient({ baseUrl: config.server.url, apiKey: config.desk.api_key, tlsFingerprint: config.server.tls_fingerprint, logger: logger.child({ module: 'desk-client' }) })
      : null;
  const db = openAgentDatabase(config.store.path);
  const cache = new EligibilityCache(db);
  const gateStore = new GateStore(db);
  const digest = createCredentialDigester(db);
  const bus = new EventBus(logger);
  const contact = new ServerContact(now, logger.child({ module: 'link' }));
  const metrics = new AgentMetrics();
  const gateMetrics = new GateMetrics(metrics.registry, gateStore.outbox);
  cacheAgeGauge(metrics.registry, cache, now);
  const allDevices: Device[] = [...deps.devices.readers, ...deps.devices.relays, ...deps.devices.sensors];

  const gate = new Gate({
    lanes: buildLanes(config, deps.devices),
    server,
    store: gateStore,
    cache,
    digest,
    bus,
    metrics: gateMetrics,
    contact,
    logger,
    now,
    settings: {
      locationId: config.location_id,
      deviceId: config.device_id,
      onlineBudgetMs: config.budgets.online_decision_ms,
      antiPassbackS: config.anti_passback_s,
      offline: { maxCacheAgeS: config.offline.max_cache_age_s, staffIdentifiers: config.offline.staff_identifiers },
    },
  });

  const drain = new PeriodicTask({
    name: 'outbox-drain',
    intervalMs: config.sync.drain_interval_s * 1000,
    maxBackoffMs: config.sync.max_backoff_s * 1000,
    logger,
    job: () => drainVisits({ server, outbox: gateStore.outbox, cache, contact, logger, now, onResult: (r) => gateMetrics.drain(r) }),
  });
  const feed = new PeriodicTask({
    name: 'feed-sync',
    intervalMs: config.sync.feed_interval_s * 1000,
    maxBackoffMs: config.sync.max_backoff_s * 1000,
    logger,
    job: async () => {
      await syncFeed({ server, cache, contact, locationId: config.location_id, pageLimit: config.sync.page_limit, logger, now, onCaughtUp: () => drain.trigger() });
      return true;
    },
  });

  const localApi = config.local_api.enabled ? new LocalApi({ host: config.local_api.host, port: config.local_api.port, health: () => health(), metrics, bus, logger }) : null;
  const kiosk =
    config.kiosk.enabled && localApi
      ? new Kiosk({
          config,
          server: deps.kioskServer ?? client!,
          db,
          eligibility: cache,
          localApi,
          reader: kioskReader(config, deps.devices),
          digest,
          bus,
          contact,
          metrics,
          logger,
          now,
        })
      : null;
  const desk =
    config.desk.readers.length > 0
      ? new DeskReaders({
          readers: config.desk.readers.map((id) => {
            const reader = deps.devices.readers.find((r) => r.id === id);
            if (!reader) throw new Error(`desk: reader "${id}" was not created`);
            return reader;
          }),
          server: deps.deskServer ?? (deskClient ?? client!).deskScans,
          contact,
          logger: logger.child({ module: 'desk' }),
          locationId: config.location_id,
          deviceId: config.device_id,
          budgetMs: config.budgets.online_decision_ms,
          ...(deps.onDeskRead && { onOutcome: deps.onDeskRead }),
        })
      : null;
  const health = (): HealthReport =>
    healthReport({
      version: agentVersion,
      deviceId: config.device_id,
      locationId: config.location_id,
      maxCacheAgeS: config.offline.max_cache_age_s,
      db,
      cache,
      gate: gateStore,
      contact,
      devices: () => allDevices.map((d) => d.health()),
      kiosk: kiosk ? () => kiosk.health() : null,
      warnings: () => localApi?.warnings() ?? [],
      now,
    });
  const lastScan = watchLastScan(deps.devices.readers);
  // A test that fakes the members endpoints and builds no client sends no heartbeat unless it passes a server for it.
  const heartbeatServer = deps.heartbeatServer ?? client?.devices ?? null;
  const heartbeat = heartbeatServer
    ? new Heartbeat({
        server: heartbeatServer,
        contact,
        logger: logger.child({ module: 'heartbeat' }),
        report: () => heartbeatReport(health(), config, lastScan.at(), now()),
        intervalMs: config.heartbeat.interval_s * 1000,
        timeoutMs: config.heartbeat.timeout_ms,
      })
    : null;
  let stopWatching = () => {};
  let stopping: Promise<void> | null = null;

  const allRelaysOff = () => Promise.allSettled(deps.devices.relays.map((relay) => relay.allOff().catch((error: unknown) => logger.error({ relay: relay.id, err: error }, 'relay allOff failed'))));

  return {
    gate,
    kiosk,
    /** The gate's tables: its decision log and its visit outbox (`store.outbox`). */
    store: gateStore,
    /** The eligibility cache. */
    cache,
    bus,
    metrics,
    localApi,
    health,
    /** Liveness for the systemd watchdog: the database takes a write. */
    alive: () => databaseWritable(db),
    /** One feed pass now, after any in flight (tests, and an operator's "sync now" later). */
    syncFeedNow: () => feed.runNow(),
    /** One outbox pass now, after any in flight: never two drains at once. */
    drainNow: () => drain.runNow(),
    /** One heartbeat now, after any in flight (tests); nothing when the agent sends none. */
    heartbeatNow: async () => heartbeat?.beatNow(),

    async start(): Promise<void> {
      // Relays accept commands once started; all off before the first card is read.
      await Promise.all(allDevices.map((device) => device.start()));
      await allRelaysOff();
      stopWatching = watchDeviceHealth(allDevices, bus, now);
      gate.start();
      feed.start();
      drain.start();
      kiosk?.start();
      desk?.start();
      await localApi?.start();
      heartbeat?.start();
      logger.info({ event: 'agent.started', device_id: config.device_id, lanes: config.lanes.length, cached: cache.rowCount(), outbox: gateStore.outbox.depth().pending }, 'agent started');
    },

    /** Idempotent: signals may arrive twice. Relays off first, the database closed last. */
    stop(): Promise<void> {
      stopping ??= (async () => {
        await allRelaysOff();
        await gate.stop();
        desk?.stop();
        await Promise.allSettled([feed.stop(), drain.stop(), heartbeat?.stop(), kiosk?.stop(), localApi?.stop()]);
        lastScan.stop();
        stopWatching();
        await allRelaysOff();
        await Promise.allSettled(allDevices.map((device) => device.stop()));
        bus.clear();
        await client?.close();
        await deskClient?.close();
        if (db.open) db.close();
        logger.info({ event: 'agent.stopped' }, 'agent stopped');
      })();
      return stopping;
    },
  };
}

export type Agent = ReturnType<typeof createAgent>;
