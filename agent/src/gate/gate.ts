import { randomUUID } from 'node:crypto';
import type { EligibilityRow } from '@studio/shared';
import { checkPass, passStep, passStepSeconds, readPass, type ReadPass } from '@studio/shared/pass';
import type { Logger } from 'pino';
import type { CardRead, CardReader, Relay } from '../devices/types.js';
import type { EligibilityCache, Learned } from '../eligibility/cache.js';
import { digestPrefix, type CredentialDigester } from '../eligibility/credential-digest.js';
import { findCached } from '../eligibility/lookup.js';
import type { ServerContact } from '../link/server-contact.js';
import { failureCode, ServerLink } from '../link/server-link.js';
import type { DecisionEvent, EventBus } from '../runtime/events.js';
import type { DecisionLog, DecisionRecord, Direction } from './decision-log.js';
import type { GateMetrics } from './gate-metrics.js';
import { DoorGrant, UnwrittenGrants, type GrantWrites } from './door-grant.js';
import { doorNotOpened, type GateStore } from './gate-store.js';
import { decideOffline, type OfflinePolicy } from './offline-decision.js';
import { askServer, checkInMember, type GateLink, type GateServer, type OnlineOutcome } from './online-decision.js';
import { passGeneration } from '../eligibility/pass-generation.js';
import { passMembership } from './pass-member.js';
import { PassThrottle } from './pass-throttle.js';
import { doorUnavailable, heldByPassback, passageKeyOf } from './passage.js';
import { reportRefusal, type RefusalReport, type RefusalServer } from './refusal-report.js';
import type { NewOutboxEntry } from './visit-outbox.js';

/** A reader and the relay it opens. */
export interface Lane {
  id: string;
  reader: CardReader;
  relay: Relay;
  pulseMs: number;
  /** `out`: an exit, which lets a member out without a check-in, so they may come back in at once. Default `in`. */
  direction?: Direction;
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
  server: GateServer & RefusalServer;
  store: GateStore;
  cache: EligibilityCache;
  digest: CredentialDigester;
  bus: EventBus;
  metrics: Pick<GateMetrics, 'decision'>;
  contact: ServerContact;
  logger: Logger;
  settings: GateSettings;
  now?: () => Date;
  newIdempotencyKey?: () => string;
}

/**
 * The decision at the gate, per scan: anti-passback, then the server within its budget, then the
 * cache. A grant pulses the lane's relay exactly once and is written (durably) once the relay has
 * the `on` command: a crash in between loses the passage, never charges a door that did not open.
 * Scans of one lane are handled one after another, so a double read cannot race its own first
 * decision; another lane's decision sees a grant not yet written (`UnwrittenGrants`).
 */
export class Gate {
  private readonly unsubscribe: (() => void)[] = [];
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly now: () => Date;
  private readonly newKey: () => string;
  private readonly log: Logger;
  /** Unanswered last time (see `isServerAnswer`): a local refusal meanwhile is an offline decision. */
  private readonly link: GateLink;
  /** A link of its own, so a report that goes unanswered never makes the gate decide offline. */
  private readonly reportLink: ServerLink<RefusalServer>;
  private readonly reports = new Set<Promise<unknown>>();
  private readonly unwritten = new UnwrittenGrants();
  private readonly passThrottle = new PassThrottle();
  /** Passages written and not yet written, the latter first: what anti-passback reads. */
  private readonly passages: Pick<DecisionLog, 'lastPassage'>;
  /** Offline visits not delivered, with those not yet written: what the offline allowance counts. */
  private readonly undelivered: { pendingCountOf(membershipId: string): number };

  constructor(private readonly deps: GateDeps) {
    this.now = deps.now ?? (() => new Date());
    this.newKey = deps.newIdempotencyKey ?? randomUUID;
    this.log = deps.logger.child({ module: 'gate' });
    this.link = new ServerLink(deps.server, deps.contact);
    this.reportLink = new ServerLink(deps.server, deps.contact);
    const { decisions, outbox } = deps.store;
    this.passages = { lastPassage: (key) => this.unwritten.lastPassage(key) ?? decisions.lastPassage(key) };
    this.undelivered = { pendingCountOf: (id) => outbox.pendingCountOf(id) + this.unwritten.offlineVisitsOf(id) };
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
    await this.refusalReportsSettled();
  }

  /** Resolves once every refusal report started so far has ended, each within its own budget. */
  async refusalReportsSettled(): Promise<void> {
    await Promise.allSettled([...this.reports]);
  }

  /** Started after the decision is shown, never awaited by it: the report cannot delay or change a decision. */
  private report(lane: Lane, digest: string, report: RefusalReport): void {
    const log = this.log.child({ lane: lane.id, credential: digestPrefix(digest) });
    const running = reportRefusal(this.reportLink, report, log)
      .catch((error: unknown) => log.warn({ code: failureCode(error) }, 'reporting a refused scan failed'))
      .finally(() => this.reports.delete(running));
    this.reports.add(running);
  }

  /** Queues a read on its lane; resolves with its decision. Never rejects: a failure is logged and refused. */
  enqueue(lane: Lane, read: CardRead): Promise<DecisionEvent | null> {
    const previous = this.queues.get(lane.id) ?? Promise.resolve();
    const next = previous
      .then(() => this.decide(lane, read))
      .catch((error: unknown) => {
        this.log.error({ lane: lane.id, err: error }, 'deciding a scan failed; refused');
        return null;
      });
    this.queues.set(lane.id, next);
    return next;
  }

  private async decide(lane: Lane, read: CardRead): Promise<DecisionEvent> {
    const pass = readPass(read.identifier);
    if (pass !== null) return this.decidePass(lane, read, pass);
    const { store, settings } = this.deps;
    const at = this.now();
    const direction = lane.direction ?? 'in';
    const digest = this.deps.digest(read.identifier);
    const cached = findCached(this.deps.cache, read.identifier);
    const base = { at: at.toISOString(), laneId: lane.id, readerId: read.readerId, firstName: cached?.first_name ?? null, staff: false };
    const record = {
      at,
      laneId: lane.id,
      readerId: read.readerId,
      credentialDigest: digest,
      direction,
      passageKey: passageKeyOf(cached?.contact_id, digest),
      membershipId: cached?.membership_id ?? null,
    };
    const refuse = (reason: string, offline: boolean) => {
      store.decisions.add({ ...record, granted: false, reason, offline, idempotencyKey: null });
      return this.finish(lane, digest, { ...base, granted: false, reason, offline });
    };

    // A member is never charged for a door that cannot open: refused before any check-in.
    if (doorUnavailable(lane.relay)) {
      this.log.warn(
        { lane: lane.id, relay: lane.relay.id, credential: digestPrefix(digest) },
        'the lane relay is unavailable, so the door cannot open: refused (door_unavailable) without checking in',
      );
      return refuse('door_unavailable', false);
    }
    if (direction === 'out') return this.letOut(lane, read, digest, cached?.contact_id ?? null, record, base);
    // The member known here (the cache) is held without asking the server; while the server is
    // unreachable that is an offline decision like the others.
    if (heldByPassback(this.passages, record.passageKey, direction, at, settings.antiPassbackS)) return refuse('anti_passback', this.link.offline);

    const idempotencyKey = this.newKey();
    // What the server's answers teach the cache: written after the relay command on a grant (each
    // learning is a durable write), at once on a refusal.
    const learned: [string, Learned][] = [];
    const learnAll = () => this.learnAll(learned);
    const online = await askServer(
      this.link,
      { identifier: read.identifier, locationId: settings.locationId, deviceId: settings.deviceId, at, idempotencyKey, budgetMs: settings.onlineBudgetMs },
      {
        learn: (id, facts) => void learned.push([id, facts]),
        // A member the cache did not know (or knew by another card): held by who they are.
        admit: ({ contactId }) => (heldByPassback(this.passages, passageKeyOf(contactId, digest), direction, at, settings.antiPassbackS) ? 'anti_passback' : null),
      },
    );
    return this.conclude(lane, read, digest, { record, base, cached, idempotencyKey, learnAll }, online);
  }

  /**
   * A phone pass (docs/phone-pass.md): checked here, offline, against the location's live keys at
   * the gate's clock step, then the replay rule (the member's last accepted step, moved on at once,
   * so a second scan of the same code is refused as `used`, even before the turnstile turns). Then
   * the card path's rules for the member the pass names: anti-passback, the server's check-in by
   * the membership the cache knows them by, else the cache. The pass text is never logged nor sent.
   */
  private async decidePass(lane: Lane, read: CardRead, pass: ReadPass): Promise<DecisionEvent> {
    const { store, settings, cache } = this.deps;
    const at = this.now();
    const direction = lane.direction ?? 'in';
    const digest = this.deps.digest(read.identifier);
    const log = this.log.child({ lane: lane.id, credential: digestPrefix(digest), pass: true });
    const record = { at, laneId: lane.id, readerId: read.readerId, credentialDigest: digest, direction, passageKey: passageKeyOf(pass.memberId, digest), membershipId: null };
    const base = { at: at.toISOString(), laneId: lane.id, readerId: read.readerId, firstName: null, staff: false };
    const refuse = (reason: string, offline: boolean) => {
      store.decisions.add({ ...record, granted: false, reason, offline, idempotencyKey: null });
      return this.finish(lane, digest, { ...base, granted: false, reason, offline });
    };
    if (doorUnavailable(lane.relay)) return refuse('door_unavailable', false);
    if (this.passThrottle.locked(lane.id, at)) {
      log.warn({ reason: 'pass_throttled' }, 'too many bad phone passes on this lane: passes refused for a while');
      return refuse('pass_throttled', false);
    }
    const checked = await checkPass(pass, cache.passKeys(at), passStep(at.getTime()), store.passSteps.last(pass.memberId), passGeneration(cache, pass.memberId));
    const accepted = checked.valid && store.passSteps.advance(pass.memberId, checked.step);
    if (!accepted) {
      const reason = checked.valid ? 'used' : checked.reason;
      if (reason === 'bad_code' && this.passThrottle.failed(lane.id, at)) log.warn('too many bad phone passes on this lane: passes refused for a while');
      log.info({ reason }, reason === 'used' ? 'phone pass refused: this code was already used' : 'phone pass refused: not a valid code now');
      return refuse(reason, false);
    }
    log.info({ phone_clock_steps: checked.drift, phone_clock_s: checked.drift * passStepSeconds }, 'phone pass accepted; the phone clock was off by phone_clock_s seconds at most');
    if (direction === 'out') return this.letOut(lane, read, digest, pass.memberId, record, base);
    if (heldByPassback(this.passages, record.passageKey, direction, at, settings.antiPassbackS)) return refuse('anti_passback', this.link.offline);
    const cached = passMembership(cache, pass.memberId, at);
    // The member's memberships reach the agent with their cards' feed rows: none cached, none to check in with.
    if (cached === null) return refuse('not_found', this.link.offline);
    const scan = { ...record, membershipId: cached.membership_id };
    const idempotencyKey = this.newKey();
    const learned: [string, Learned][] = [];
    const online = await checkInMember(
      this.link,
      { membershipId: cached.membership_id, contactId: pass.memberId, locationId: settings.locationId, deviceId: settings.deviceId, at, idempotencyKey, budgetMs: settings.onlineBudgetMs },
      { learn: (id, facts) => void learned.push([id, facts]) },
    );
    return this.conclude(lane, read, digest, { record: scan, base: { ...base, firstName: cached.first_name }, cached, idempotencyKey, learnAll: () => this.learnAll(learned) }, online);
  }

  /**
   * A scan's decision once the server was asked (or could not be): its answer, else the cache's,
   * with the grant's writes. `cached` is the row the cache knows the member by.
   */
  private conclude(
    lane: Lane,
    read: CardRead,
    digest: string,
    scan: {
      record: Omit<DecisionRecord, 'granted' | 'reason' | 'offline' | 'idempotencyKey'>;
      base: Omit<DecisionEvent, 'granted' | 'reason' | 'offline'>;
      cached: EligibilityRow | null;
      idempotencyKey: string;
      learnAll: () => void;
    },
    online: OnlineOutcome,
  ): Promise<DecisionEvent> {
    const { store, settings } = this.deps;
    const { record, base, cached, idempotencyKey, learnAll } = scan;
    const at = record.at;
    if (online.kind === 'answered') {
      const decided = {
        ...record,
        passageKey: passageKeyOf(online.contactId ?? cached?.contact_id, digest),
        membershipId: online.membershipId ?? record.membershipId,
        granted: online.granted,
        reason: online.reason,
        offline: false,
        idempotencyKey,
      };
      const event = { ...base, granted: online.granted, reason: online.reason, offline: false };
      if (!online.granted) {
        learnAll();
        store.decisions.add(decided);
        // The server refused on its resolve, which records nothing: told once the decision is shown, so the front desk sees it.
        const report = online.unrecorded ? () => this.report(lane, digest, { identifier: read.identifier, locationId: settings.locationId, deviceId: settings.deviceId, idempotencyKey }) : undefined;
        return this.finish(lane, digest, event, undefined, report);
      }
      const visitId = online.visitId;
      const writes =
        visitId !== null && decided.membershipId !== null
          ? this.onlineVisitWrites(decided, {
              idempotency_key: idempotencyKey,
              membership_id: decided.membershipId,
              location_id: settings.locationId,
              device_id: settings.deviceId,
              checked_in_at: at.toISOString(),
              online_attempted: true,
              visit_id: visitId,
            })
          : passageWrites(store, decided);
      return this.finish(lane, digest, event, this.doorGrant(thenLearn(writes, learnAll), decided, null));
    }

    // Info, not warn: the server link says once that the server is unreachable (server.unreachable).
    this.log.info({ lane: lane.id, credential: digestPrefix(digest), error: online.error }, 'server did not answer in time; deciding from the cache');
    learnAll();
    const offline = decideOffline({ cache: this.deps.cache, outbox: this.undelivered }, cached, read.identifier, settings.offline, at);
    const decided = { ...record, granted: offline.granted, reason: offline.reason, offline: true, idempotencyKey };
    const event = { ...base, granted: offline.granted, reason: offline.reason, offline: true, staff: offline.staff };
    if (!offline.granted) {
      store.decisions.add(decided);
      return this.finish(lane, digest, event);
    }
    const membershipId = cached?.membership_id ?? online.membershipId;
    // A staff card with no membership: nothing for the server to count.
    const writes =
      membershipId === null
        ? passageWrites(store, decided)
        : this.offlineVisitWrites(lane, decided, {
            idempotency_key: idempotencyKey,
            membership_id: membershipId,
            location_id: settings.locationId,
            device_id: settings.deviceId,
            checked_in_at: at.toISOString(),
            online_attempted: online.checkInAttempted,
          });
    return this.finish(lane, digest, event, this.doorGrant(writes, decided, membershipId));
  }

  /** Never throws: a learning lost is corrected by the next feed page. */
  private learnAll(learned: [string, Learned][]): void {
    for (const [membershipId, facts] of learned.splice(0)) {
      try {
        this.deps.cache.learn(membershipId, facts);
      } catch (error: unknown) {
        this.log.warn({ err: error }, 'the cache could not learn from the server answer');
      }
    }
  }

  /** An online grant: the server recorded its visit, voided through the outbox if the door does not open. */
  private onlineVisitWrites(decided: DecisionRecord, recorded: NewOutboxEntry & { visit_id: string }): GrantWrites {
    const { store } = this.deps;
    return {
      opened: () => store.decisions.add(decided),
      neverOpened: () => store.onlineDoorNeverOpened(decided, recorded, this.now()),
      failedAfterOpening: (id) => store.onlineDoorFailed(id, recorded, this.now()),
    };
  }

  /** An offline grant's visit: written with the passage, undone if the door fails after. */
  private offlineVisitWrites(lane: Lane, decided: DecisionRecord, visit: NewOutboxEntry): GrantWrites {
    const { store } = this.deps;
    return {
      opened: () => store.recordOfflineGrant(decided, visit),
      neverOpened: () => store.offlineDoorNeverOpened(decided, visit, this.now()),
      failedAfterOpening: (id) => {
        const outcome = store.offlineDoorFailed(id, visit.idempotency_key, this.now());
        this.log.warn(
          { lane: lane.id, outcome },
          outcome === 'withdrawn' ? 'the offline visit is withdrawn: the door did not open' : 'the offline visit will be voided once delivered: the door did not open',
        );
      },
    };
  }

  /** A grant to write once its door opens, seen meanwhile by other lanes' decisions. */
  private doorGrant(writes: GrantWrites, decided: DecisionRecord, offlineVisitOf: string | null): DoorGrant {
    return new DoorGrant(writes, this.unwritten, { passageKey: decided.passageKey!, direction: decided.direction ?? 'in', at: decided.at, offlineVisitOf });
  }

  /**
   * An exit: no check-in and no visit, free egress for any card. The passage out, under the
   * member's key (the cache, else the server's resolve, which records nothing), is what lets them
   * back in at once; a second read at the exit within the window is held like any double read.
   */
  private async letOut(
    lane: Lane,
    read: CardRead,
    digest: string,
    cachedContact: string | null,
    record: Omit<DecisionRecord, 'granted' | 'reason' | 'offline' | 'idempotencyKey'>,
    base: Omit<DecisionEvent, 'granted' | 'reason' | 'offline'>,
  ) {
    const { store, settings } = this.deps;
    let contactId = cachedContact;
    if (contactId === null) {
      try {
        const resolved = await this.link.within(settings.onlineBudgetMs)((o) => this.link.server.resolve({ identifier: read.identifier, location_id: settings.locationId }, o));
        contactId = resolved.contact_id;
      } catch {
        // Unknown here and the server away: the card's own digest names the passage.
      }
    }
    const passage = { ...record, passageKey: passageKeyOf(contactId, digest) };
    if (heldByPassback(this.passages, passage.passageKey, 'out', record.at, settings.antiPassbackS)) {
      store.decisions.add({ ...passage, granted: false, reason: 'anti_passback', offline: false, idempotencyKey: null });
      return this.finish(lane, digest, { ...base, granted: false, reason: 'anti_passback', offline: false });
    }
    const decided = { ...passage, granted: true, reason: null, offline: false, idempotencyKey: null };
    return this.finish(lane, digest, { ...base, granted: true, reason: null, offline: false }, this.doorGrant(passageWrites(store, decided), decided, null));
  }

  /**
   * Pulses once on a grant (never retried: a retry after an ambiguous error could admit two),
   * writing the grant once the relay has the `on` command, and reports at once rather than after
   * the pulse, so a kiosk greets the member while the door opens. `afterShown` runs once the
   * decision is out, in the same turn, so what it starts is under way (and awaitable) by the time
   * anyone hears the decision's promise resolve.
   */
  private async finish(lane: Lane, digest: string, event: DecisionEvent, grant?: DoorGrant, afterShown?: () => void): Promise<DecisionEvent> {
    const pulsing = grant ? this.pulse(lane, grant) : Promise.resolve();
    this.log.info(
      {
        event: event.granted ? 'gate.granted' : 'gate.denied',
        lane: lane.id,
        direction: lane.direction ?? 'in',
        reader: event.readerId,
        credential: digestPrefix(digest),
        granted: event.granted,
        reason: event.reason,
        offline: event.offline,
        staff: event.staff,
      },
      event.granted ? 'granted' : 'refused',
    );
    this.deps.metrics.decision(event);
    this.deps.bus.emit('decision', event);
    afterShown?.();
    await pulsing;
    return event;
  }

  private async pulse(lane: Lane, grant: DoorGrant): Promise<void> {
    const opened = () => {
      try {
        grant.opened();
      } catch (error: unknown) {
        this.log.error({ lane: lane.id, err: error }, 'writing a grant whose door opened failed; the member passed unrecorded');
      }
    };
    try {
      await lane.relay.pulse(lane.pulseMs, opened);
    } catch (error: unknown) {
      this.log.error({ lane: lane.id, relay: lane.relay.id, err: error }, 'relay pulse failed, so the door did not open; not retried, and the member is not charged');
      try {
        grant.doorFailed();
      } catch (undo: unknown) {
        this.log.error({ lane: lane.id, err: undo }, 'recording the door that did not open failed');
      }
      return;
    }
    // A relay that does not say when its `on` was written: the pulse's end says it.
    opened();
  }
}

/** The grant's writes, then what the cache learned from the server's answers, whether the door opened or not. */
function thenLearn(writes: GrantWrites, learnAll: () => void): GrantWrites {
  return {
    opened: () => {
      const id = writes.opened();
      learnAll();
      return id;
    },
    neverOpened: () => {
      writes.neverOpened();
      learnAll();
    },
    failedAfterOpening: writes.failedAfterOpening,
  };
}

/** A grant that counts no visit (an exit, a staff card): the passage alone. */
function passageWrites(store: GateStore, decided: DecisionRecord): GrantWrites {
  return {
    opened: () => store.decisions.add(decided),
    neverOpened: () => store.decisions.add({ ...decided, granted: false, reason: doorNotOpened }),
    failedAfterOpening: (id) => store.decisions.doorFailed(id, doorNotOpened),
  };
}
