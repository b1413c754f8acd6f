import type { TodayEvent } from '@studio/shared/web-app';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseWith } from '@studio/shared';
import { Id } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation } from '../../modules/locations/lookup.js';
import { locationEvents, type RecordedEvent } from '../../modules/members/today-events.js';

export const todayStreamPath = '/app/api/today/stream';

/**
 * Who watches: 'open' when a stream opens, 'recheck' on each heartbeat after, so a stream whose
 * session ended (signed out, account disabled) or whose location was taken away stops at once.
 */
export type StreamActor = (request: FastifyRequest, use?: 'open' | 'recheck') => Promise<Actor>;

export interface TodayStreamOptions {
  clock?: Clock;
  /** How often each location's poller reads the database. */
  pollMs?: number;
  /** How often a quiet stream gets a comment line, and its watcher is checked again. */
  heartbeatMs?: number;
}

/**
 * A row written by a transaction that began before an earlier poll but committed after it carries a
 * time that poll already passed; re-reading this far back (and skipping rows already sent) finds it.
 */
const overlapMs = 5_000;
const batch = 500;

type Send = (row: RecordedEvent) => void;

/** `<recorded>~<event id>`: what a client's `Last-Event-ID` resumes from. */
const wireId = (row: RecordedEvent) => `${row.recorded}~${row.event.id}`;
const byRecorded = (a: RecordedEvent, b: RecordedEvent) => (a.recorded === b.recorded ? a.event.id.localeCompare(b.event.id) : a.recorded.localeCompare(b.recorded));

/**
 * One location's poller, shared by every browser watching it in this process: whatever process
 * wrote a visit (a turnstile's, the kiosk's, another server's, an offline sync), the database is
 * the one place they all meet, so it is read every `pollMs` for rows recorded since the last.
 */
class LocationPoller {
  readonly subscribers = new Set<Send>();
  private horizon: string;
  private readonly seen = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly locationId: string,
    clock: Clock,
    private readonly pollMs: number,
    private readonly log: (error: unknown) => void,
  ) {
    this.horizon = toIso(clock());
  }

  /** The first read only learns what exists: a new subscriber is sent what comes after, or its catch-up. */
  start(): void {
    void this.tick(true);
    this.timer = setInterval(() => void this.tick(), this.pollMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(priming = false): Promise<void> {
    // One read at a time: a slow database is not asked again before it answers.
    if (this.running) return;
    this.running = true;
    try {
      const since = toIso(Date.parse(this.horizon) - overlapMs);
      const rows = (await locationEvents(this.db, this.locationId, { by: 'recorded', since }, batch)).sort(byRecorded);
      for (const row of rows) {
        if (this.seen.has(row.event.id)) continue;
        this.seen.set(row.event.id, row.recorded);
        if (row.recorded > this.horizon) this.horizon = row.recorded;
        if (!priming) for (const send of this.subscribers) send(row);
      }
      for (const [id, recorded] of this.seen) if (recorded < since) this.seen.delete(id);
    } catch (error) {
      this.log(error);
    } finally {
      this.running = false;
    }
  }
}

const StreamQuery = z.object({ location_id: Id });

function frame(row: RecordedEvent): string {
  return `id: ${wireId(row)}\ndata: ${JSON.stringify(row.event satisfies TodayEvent)}\n\n`;
}

/**
 * `GET /app/api/today/stream?location_id=`: Today's rows as Server-Sent Events, within a second of
 * their commit, from any process. `Last-Event-ID` resumes after the event it names (rows recorded
 * at the same instant may come again: a client keeps events by their `id`). A comment line every
 * 15 s keeps proxies from closing a quiet stream. `sessionActor` is the signed-in staff member
 * (401 without one); the location rule is the API's. Both are asked again at each heartbeat: a
 * stream outlives no sign-out, disabled account or location taken away by more than that.
 */
export function registerTodayStream(app: FastifyInstance, db: Db, sessionActor: StreamActor, options: TodayStreamOptions = {}): void {
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 400;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const pollers = new Map<string, LocationPoller>();
  const log = (error: unknown) => app.log.error({ err: error }, 'today stream poll failed');

  function subscribe(locationId: string, send: Send): () => void {
    let poller = pollers.get(locationId);
    if (!poller) {
      poller = new LocationPoller(db, locationId, clock, pollMs, log);
      pollers.set(locationId, poller);
      poller.start();
    }
    poller.subscribers.add(send);
    const joined = poller;
    return () => {
      joined.subscribers.delete(send);
      if (joined.subscribers.size === 0) {
        joined.stop();
        pollers.delete(locationId);
      }
    };
  }

  // Open streams never end by themselves: a closing server ends them first, or it would wait on them.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.addHook('onClose', async () => {
    for (const poller of pollers.values()) poller.stop();
    pollers.clear();
  });

  app.get(todayStreamPath, async (request, reply) => {
    const actor = await sessionActor(request);
    const { location_id } = parseWith(StreamQuery, request.query);
    const location = await requireLocation(db, db, actor, location_id);
    const resume = parseLastEventId(request.headers['last-event-id']);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 2000\n\n');
    // Rows sent by the catch-up, which the shared poller may send again in its first reads.
    const caughtUp = new Set<string>();
    const send: Send = (row) => {
      if (caughtUp.has(row.event.id) || raw.destroyed) return;
      raw.write(frame(row));
    };
    // Join first, then catch up: a row committed in between comes from one or the other, or both (skipped once).
    const pending: RecordedEvent[] = [];
    let live = resume === null;
    const unsubscribe = subscribe(location.id, (row) => (live ? send(row) : pending.push(row)));
    let ended = false;
    const heartbeat = setInterval(() => {
      raw.write(': heartbeat\n\n');
      // Any refusal, or a failed read, ends the stream: the browser reconnects, and is asked again from the start.
      sessionActor(request, 'recheck')
        .then((now) => requireLocation(db, db, now, location.id))
        .catch(() => end());
    }, heartbeatMs);
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
    if (resume !== null) {
      try {
        const missed = (await locationEvents(db, location.id, { by: 'recorded', since: resume.recorded }, batch)).sort(byRecorded);
        for (const row of missed) {
          if (row.event.id === resume.eventId) continue;
          caughtUp.add(row.event.id);
          raw.write(frame(row));
        }
      } catch (error) {
        log(error);
      }
      live = true;
      for (const row of pending) send(row);
    }
  });
}

/** `<recorded>~<event id>` from a client, or null when absent or not one of ours. */
function parseLastEventId(header: string | string[] | undefined): { recorded: string; eventId: string } | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const [recorded, eventId] = value.split('~');
  if (!recorded || !eventId || Number.isNaN(Date.parse(recorded))) return null;
  return { recorded: new Date(Date.parse(recorded)).toISOString(), eventId };
}
