import { defaultBranding } from '@studio/shared';
import type { KioskAnswer, KioskCheckIn, KioskClassDetail, KioskConflicts, KioskStatus, KioskTimetable } from '@studio/shared/kiosk';
import type { Logger } from 'pino';
import { Counter } from 'prom-client';
import type { AgentConfig } from '../config/schema.js';
import type { CardRead, CardReader } from '../devices/types.js';
import type { EligibilityCache } from '../eligibility/cache.js';
import { digestPrefix, type CredentialDigester } from '../eligibility/credential-digest.js';
import type { ServerContact } from '../link/server-contact.js';
import { ServerLink } from '../link/server-link.js';
import type { LocalApi } from '../local-api/local-api.js';
import { outboxMetrics } from '../outbox/outbox-metrics.js';
import type { EventBus } from '../runtime/events.js';
import type { AgentMetrics } from '../runtime/metrics.js';
import { PeriodicTask } from '../runtime/periodic-task.js';
import type { AgentDatabase } from '../store/database.js';
import { ClassCheckIn } from './class-check-in.js';
import { drainClassCheckIns } from './class-outbox-drain.js';
import { kioskConflicts, kioskHealth, type KioskHealth } from './kiosk-health.js';
import type { KioskLink, KioskServer } from './kiosk-server.js';
import { addKioskRoutes, type KioskApi } from './routes.js';
import { checkInScan, type ScanDeps } from './scan-check-in.js';
import { PassSteps } from '../eligibility/pass-steps.js';
import { KioskStore } from './store/kiosk-store.js';
import { TimetableSync } from './timetable-sync.js';
import { shownOnKiosk } from './timetable-window.js';

export interface KioskDeps {
  config: AgentConfig;
  server: KioskServer;
  /** The agent's database: the kiosk's tables live in it. */
  db: AgentDatabase;
  /** Who a credential or a contact is when the server is away. */
  eligibility: EligibilityCache;
  localApi: LocalApi;
  /** The configured kiosk reader, if any: its scans are class check-ins. */
  reader: CardReader | null;
  digest: CredentialDigester;
  bus: EventBus;
  contact: ServerContact;
  metrics: AgentMetrics;
  logger: Logger;
  now: () => Date;
  newIdempotencyKey?: () => string;
}

/**
 * The class check-in kiosk in the agent (issue 7): the timetable and rosters cached for offline
 * use, check-ins by tap and by scan (online within the budget, else from the cache into an outbox
 * drained exactly once), its local routes, the renderer, and two background jobs.
 */
export class Kiosk implements KioskApi {
  readonly store: KioskStore;
  private readonly link: KioskLink;
  /** The cache's fetches from the server (tests ask for one now). */
  readonly sync: TimetableSync;
  private readonly checkIns: ClassCheckIn;
  private readonly scanDeps: ScanDeps;
  private readonly refresh: PeriodicTask;
  private readonly drain: PeriodicTask;
  private readonly log: Logger;
  private readonly answers: Counter<'via' | 'outcome' | 'reason' | 'offline'>;
  private scanTarget: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private unsubscribe = () => {};

  constructor(private readonly deps: KioskDeps) {
    const { config, logger, now } = deps;
    const kiosk = config.kiosk;
    this.log = logger.child({ module: 'kiosk' });
    this.store = new KioskStore(deps.db);
    this.link = new ServerLink(deps.server, deps.contact, (offline) => {
      if (offline) this.log.warn({ event: 'kiosk.offline' }, 'kiosk offline: answering from the cache');
      else this.log.info({ event: 'kiosk.online' }, 'kiosk back online');
      deps.bus.emit('kiosk-status', this.status());
      if (!offline) this.drain.trigger();
    });
    this.sync = new TimetableSync({
      link: this.link,
      store: this.store,
      eligibility: deps.eligibility,
      locationId: config.location_id,
      horizonHours: kiosk.horizon_hours,
      logger,
      now,
      onBrandingChanged: () => deps.bus.emit('kiosk-status', this.status()),
    });
    const settings = { deviceId: config.device_id, budgetMs: kiosk.online_budget_ms, maxCacheAgeS: config.offline.max_cache_age_s, checkinOpensMin: kiosk.checkin_opens_min };
    this.checkIns = new ClassCheckIn({
      link: this.link,
      sync: this.sync,
      store: this.store,
      eligibility: deps.eligibility,
      settings,
      logger,
      now,
      ...(deps.newIdempotencyKey && { newIdempotencyKey: deps.newIdempotencyKey }),
    });
    this.scanDeps = {
      link: this.link,
      sync: this.sync,
      kioskStore: this.store,
      eligibility: deps.eligibility,
      checkIn: this.checkIns,
      passSteps: new PassSteps(deps.db),
      now,
      settings: { locationId: config.location_id, budgetMs: kiosk.online_budget_ms, maxCacheAgeS: config.offline.max_cache_age_s, checkinOpensMin: kiosk.checkin_opens_min },
    };

    const backoff = { maxBackoffMs: config.sync.max_backoff_s * 1000, logger };
    this.refresh = new PeriodicTask({ name: 'kiosk-timetable', intervalMs: kiosk.refresh_s * 1000, ...backoff, job: () => this.sync.refreshAll() });
    const store = this.store;
    const drained = outboxMetrics(
      deps.metrics.registry,
      {
        depth: 'studio_agent_kiosk_outbox_depth',
        depthHelp: 'Offline class check-ins by status',
        deliveries: 'studio_agent_kiosk_drain_total',
        deliveriesHelp: 'Offline class check-in deliveries, by result',
      },
      () => store.outbox.depth(),
    );
    this.drain = new PeriodicTask({
      name: 'kiosk-outbox-drain',
      intervalMs: config.sync.drain_interval_s * 1000,
      ...backoff,
      job: () => drainClassCheckIns({ link: this.link, store: this.store, logger, now, onResult: drained }),
    });
    this.answers = new Counter({
      name: 'studio_agent_kiosk_answers_total',
      help: 'Kiosk class check-in answers',
      labelNames: ['via', 'outcome', 'reason', 'offline'],
      registers: [deps.metrics.registry],
    });
    addKioskRoutes(deps.localApi, this, kiosk.renderer_dir);
  }

  start(): void {
    if (this.deps.reader) this.unsubscribe = this.deps.reader.onRead((read) => void this.scan(read));
    this.refresh.start();
    this.drain.start();
  }

  /** Stops taking scans, waits for the check-in in flight and the jobs. */
  async stop(): Promise<void> {
    this.unsubscribe();
    await Promise.allSettled([this.queue, this.refresh.stop(), this.drain.stop()]);
  }

  /** One refresh now, after any in flight (tests; the kiosk refreshes on its own). */
  refreshNow = (): Promise<void> => this.refresh.runNow();
  /** One outbox pass now, after any in flight: never two at once. */
  drainNow = (): Promise<void> => this.drain.runNow();

  health(): KioskHealth {
    return kioskHealth(this.store, this.link.offline);
  }

  status(): KioskStatus {
    const state = this.store.timetable.state();
    return {
      offline: this.link.offline,
      location_name: state.locationName,
      timezone: this.sync.timezone(),
      scanner: this.deps.reader !== null,
      branding: state.branding ?? defaultBranding,
    };
  }

  async timetable(): Promise<KioskTimetable> {
    const fresh = await this.sync.fetchTimetable(this.deps.config.kiosk.online_budget_ms).then(
      () => true,
      (error: unknown) => this.fellBack(error),
    );
    const now = this.deps.now();
    const zone = this.sync.timezone();
    const data = this.store.timetable
      .classes()
      .map((c) => c.class)
      .filter((c) => shownOnKiosk(c, now, zone, this.deps.config.kiosk.horizon_hours));
    return { data, offline: !fresh, as_of: this.store.timetable.state().syncedAt };
  }

  async classDetail(id: string): Promise<KioskClassDetail | null> {
    const fresh = await this.sync.fetchClass(id, this.deps.config.kiosk.online_budget_ms).then(
      (found) => (found ? true : null),
      (error: unknown) => this.fellBack(error),
    );
    if (fresh === null) return null;
    const cached = this.store.timetable.find(id);
    return cached ? { class: cached.class, roster: cached.roster ?? [], offline: !fresh, as_of: cached.syncedAt } : null;
  }

  tapCheckIn(request: KioskCheckIn): Promise<KioskAnswer | null> {
    return this.serialized(async () => {
      if (!(await this.knows(request.class_id))) return null;
      const answer = await this.checkIns.checkIn({ classId: request.class_id, contactId: request.contact_id, firstName: null, mayWalkIn: false, tryOnline: true });
      this.report('tap', answer);
      return answer;
    });
  }

  /** A scan at the kiosk's reader: answered on the `answer` event stream. Never rejects: a fault is logged, nothing recorded. */
  scan(read: Pick<CardRead, 'identifier'>): Promise<KioskAnswer | null> {
    const scanned = this.serialized(async () => {
      const answer = await checkInScan(this.scanDeps, read.identifier, this.scanTarget);
      this.report('scan', answer, digestPrefix(this.deps.digest(read.identifier)));
      this.deps.bus.emit('kiosk-answer', answer);
      return answer;
    });
    return scanned.catch((error: unknown) => {
      this.log.error({ err: error }, 'a kiosk scan failed; nothing was recorded');
      return null;
    });
  }

  async setScanTarget(classId: string | null): Promise<boolean> {
    if (classId !== null && !(await this.knows(classId))) return false;
    this.scanTarget = classId;
    return true;
  }

  conflicts(): KioskConflicts {
    return { data: kioskConflicts(this.store) };
  }

  /** A class in the cache, or one the server has (fetched into the cache). */
  private async knows(classId: string): Promise<boolean> {
    if (this.store.timetable.find(classId)) return true;
    return this.sync.fetchClass(classId, this.deps.config.kiosk.online_budget_ms).catch(() => false);
  }

  /** Answers from the cache instead; a server refusal other than "gone" is unexpected here and logged. */
  private fellBack(error: unknown): false {
    if (!this.link.offline) this.log.warn({ code: (error as { code?: string }).code }, 'the server refused a kiosk read; answering from the cache');
    return false;
  }

  /** Check-ins one after another: a double read never races its own first check-in. A failure reaches the caller only. */
  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** One line per answer: no name, no contact, no card; a scan is named by a local digest prefix. */
  private report(via: 'tap' | 'scan', answer: KioskAnswer, credential?: string): void {
    this.answers.inc({ via, outcome: answer.outcome, reason: answer.reason ?? '', offline: String(answer.offline) });
    const event = answer.outcome === 'refused' ? 'kiosk.denied' : 'kiosk.check_in';
    this.log.info({ event, via, credential, class_id: answer.class_id, outcome: answer.outcome, reason: answer.reason, offline: answer.offline, walk_in: answer.walk_in }, 'kiosk check-in');
  }
}
