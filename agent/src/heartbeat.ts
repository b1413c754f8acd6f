import type { DeviceHeartbeatReceived, DeviceHeartbeatRequest } from '@studio/shared';
import { ApiRequestError, type CallOptions } from '@studio/shared/client';
import type { Logger } from 'pino';
import type { AgentConfig } from './config/schema.js';
import type { CardReader, DeviceHealth } from './devices/types.js';
import type { HealthReport } from './health.js';
import { failureCode, ServerLink } from './link/server-link.js';
import type { ServerContact } from './link/server-contact.js';
import { PeriodicTask } from './runtime/periodic-task.js';

/** Where the heartbeat goes: `POST /v1/devices/heartbeat`. */
export interface HeartbeatServer {
  heartbeat(body: DeviceHeartbeatRequest, options?: CallOptions): Promise<DeviceHeartbeatReceived>;
}

const note = (text: string | null | undefined) => (text == null ? null : text.slice(0, 300));

function component(device: DeviceHealth): DeviceHeartbeatRequest['devices'][number] {
  return {
    id: device.id.slice(0, 100),
    kind: device.kind,
    driver: device.driver.slice(0, 100),
    state: device.state,
    since: device.since,
    last_error: note(device.lastError),
    last_event_at: device.lastEventAt,
    reconnects: device.reconnects,
    hint: note(device.hint),
  };
}

const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * The heartbeat's body, from GET /health's report and the config: health, counts and times only.
 * Never the key, the server's address, the staff identifiers, a card number, a member's name or id
 * (rejected visits and kiosk conflicts are counted, not listed).
 */
export function heartbeatReport(health: HealthReport, config: AgentConfig, lastScanAt: Date | null, now: Date): DeviceHeartbeatRequest {
  const kiosk = config.kiosk.enabled ? health.kiosk : null;
  return {
    location_id: config.location_id,
    device_id: config.device_id,
    agent_version: health.version,
    status: health.status,
    sent_at: now.toISOString(),
    devices: health.devices.slice(0, 50).map(component),
    outbox: {
      pending: health.outbox.pending + (kiosk?.outbox.pending ?? 0),
      rejected: health.outbox.rejected + (kiosk?.outbox.rejected ?? 0),
      oldest_pending_at: earliest(health.outbox.oldest_pending_at, kiosk?.outbox.oldest_pending_at ?? null),
    },
    cache: { synced_at: health.cache.synced_at, age_s: health.cache.age_s, max_age_s: config.offline.max_cache_age_s, stale: health.cache.stale },
    last_scan_at: lastScanAt?.toISOString() ?? null,
    kiosk: kiosk
      ? {
          reader: config.kiosk.reader ?? null,
          horizon_hours: config.kiosk.horizon_hours,
          refresh_s: config.kiosk.refresh_s,
          checkin_opens_min: config.kiosk.checkin_opens_min,
          online_budget_ms: config.kiosk.online_budget_ms,
          offline: kiosk.offline,
          timetable_synced_at: kiosk.timetable_synced_at,
        }
      : null,
  };
}

/** The time of the newest read at any of these readers (the time only: never the number). */
export function watchLastScan(readers: readonly CardReader[]): { at(): Date | null; stop(): void } {
  let last: Date | null = null;
  const offs = readers.map((reader) =>
    reader.onRead((read) => {
      if (last === null || read.at > last) last = read.at;
    }),
  );
  return { at: () => last, stop: () => offs.forEach((off) => off()) };
}

export interface HeartbeatOptions {
  server: HeartbeatServer;
  contact: ServerContact;
  logger: Logger;
  /** Builds the body at each beat; a throw is logged and the beat skipped. */
  report: () => DeviceHeartbeatRequest;
  intervalMs: number;
  /** One beat waits this long for the server, then gives up until the next. */
  timeoutMs: number;
}

/**
 * Tells the server this agent is alive and how it is, at start and every `intervalMs`, so staff see
 * it on the web app's Devices page. It runs beside the gate and never in its way: each beat has its
 * own link and budget, is sent once (the next beat is the retry), and a failure is logged (once per
 * cause, not once a beat) and ignored.
 */
export class Heartbeat {
  private readonly link: ServerLink<HeartbeatServer>;
  private readonly task: PeriodicTask;
  private lastFailure: string | null = null;
  /** Aborted by `stop()`: a beat in flight is not worth waiting out its budget for. */
  private readonly stopping = new AbortController();

  constructor(private readonly options: HeartbeatOptions) {
    this.link = new ServerLink(options.server, options.contact);
    // Never backs off: a beat that failed is no reason to report less often.
    this.task = new PeriodicTask({ name: 'heartbeat', intervalMs: options.intervalMs, maxBackoffMs: options.intervalMs, logger: options.logger, job: () => this.beat() });
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    this.stopping.abort();
    return this.task.stop();
  }

  /** One beat now, after any in flight (tests). */
  beatNow(): Promise<void> {
    return this.task.runNow();
  }

  private async beat(): Promise<true> {
    const { logger, report, timeoutMs } = this.options;
    try {
      const body = report();
      await this.link.within(timeoutMs)((options) => this.link.server.heartbeat(body, { ...options, signal: AbortSignal.any([options.signal!, this.stopping.signal]) }));
      if (this.lastFailure !== null) logger.info({ event: 'heartbeat.delivered' }, 'heartbeat delivered again');
      this.lastFailure = null;
    } catch (error) {
      if (this.stopping.signal.aborted) return true;
      const code = failureCode(error);
      if (code !== this.lastFailure) {
        const refused = error instanceof ApiRequestError && !error.transient;
        logger.warn({ event: 'heartbeat.failed', code, ...(refused && { error: (error as Error).message }) }, 'heartbeat not delivered; the Devices page will show this agent as silent');
      }
      this.lastFailure = code;
    }
    return true;
  }
}
