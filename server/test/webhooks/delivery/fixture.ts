import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventEnvelopes, SentEventType, type EventType } from '@studio/shared';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, vi } from 'vitest';
import { z } from 'zod';
import { toIso } from '../../../src/clock/time.js';
import type { Db } from '../../../src/db/types.js';
import { createCompany } from '../../../src/modules/companies/repository.js';
import { recordEvent } from '../../../src/modules/events/record.js';
import { WebhookDeliveryWorker, type DeliveryWorkerOptions } from '../../../src/modules/webhooks/delivery/worker.js';

/** A clock the test moves by hand; it starts on a Friday morning, in no way tied to the machine's. */
export function handClock(startIso = '2026-11-20T09:00:00.000Z') {
  let now = Date.parse(startIso);
  return {
    now: () => now,
    advance: (ms: number) => void (now += ms),
    set: (ms: number) => void (now = ms),
  };
}
export type HandClock = ReturnType<typeof handClock>;

export const silentLog = pino({ level: 'silent' });

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

let prefixes = 0;
export async function newCompany(db: Db): Promise<string> {
  const company = await createCompany(db, { name: 'Alder Yoga', key_prefix: `alder${++prefixes}${randomBytes(2).toString('hex').replace(/\d/g, 'x')}` });
  return company.id;
}

export interface EndpointFields {
  eventTypes?: string[];
  secret?: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: string | null;
  enabled?: boolean;
}

export async function addEndpoint(db: Db, companyId: string, url: string, clock: HandClock, fields: EndpointFields = {}) {
  const endpoint = {
    id: randomUUID(),
    company_id: companyId,
    url,
    description: 'test receiver',
    event_types: JSON.stringify(fields.eventTypes ?? ['*']),
    enabled: fields.enabled === false ? 0 : 1,
    disabled_reason: null,
    secret: fields.secret ?? newSecret(),
    previous_secret: fields.previousSecret ?? null,
    previous_secret_expires_at: fields.previousSecretExpiresAt ?? null,
    failing_since: null,
    created_at: toIso(clock.now()),
    updated_at: toIso(clock.now()),
  };
  await db.run(db.qb.insertInto('webhook_endpoints').values(endpoint));
  return endpoint;
}

/**
 * Stand-in `data` for the delivery tests: the worker delivers what was stored, whatever its shape.
 * events/emitted.test.ts checks each type's real data against its schema.
 */
export const standIn = (data: object) => data as never;

/** A delivered event's envelope with its `data` left unread, for the stand-in data above. */
export const DeliveredEnvelope = eventEnvelopes['contact.created'].extend({ type: SentEventType, data: z.unknown() });

/** An event committed as a change would commit it (recordEvent in a transaction). */
export async function addEvent(db: Db, companyId: string, clock: HandClock, type: EventType = 'contact.created', data: object = { id: randomUUID(), first_name: 'Anne' }) {
  return db.transaction((tx) => recordEvent(db, tx, { companyId, type, locationId: null, data: standIn(data) }, clock.now));
}

export function worker(db: Db, clock: HandClock, options: Partial<DeliveryWorkerOptions> = {}) {
  return new WebhookDeliveryWorker({ db, log: silentLog, clock: clock.now, random: () => 0.5, sender: { timeoutMs: 5000, allowPrivateTargets: true }, ...options });
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with a request: answer this status, or hold it unanswered until closed. */
export type Behaviour = number | 'hang';

/**
 * A webhook receiver on 127.0.0.1: it keeps every request and answers as `behaviour` says. It notes
 * the most requests for one webhook-id it held at once, which a claim must keep at one.
 */
export class Receiver {
  readonly received: Received[] = [];
  behaviour: (request: Received) => Behaviour = () => 204;
  /** Held before answering, so sends overlap. */
  answerDelayMs = 0;
  mostAtOnceForOneId = 0;
  /** Requests held unanswered ('hang'), until `answerHeld`. */
  readonly held: ServerResponse[] = [];
  readonly #open = new Map<string, number>();
  readonly #server: Server;
  port = 0;

  constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(request);
        const id = String(req.headers['webhook-id']);
        this.#open.set(id, (this.#open.get(id) ?? 0) + 1);
        this.mostAtOnceForOneId = Math.max(this.mostAtOnceForOneId, this.#open.get(id)!);
        const behaviour = this.behaviour(request);
        const answer = () => {
          this.#open.set(id, this.#open.get(id)! - 1);
          if (behaviour === 'hang') this.held.push(res);
          else res.writeHead(behaviour).end();
        };
        if (this.answerDelayMs > 0) setTimeout(answer, this.answerDelayMs);
        else answer();
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  /** Down: the port refuses connections until `listen(this.port)` again. */
  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  answerHeld(status: number): void {
    for (const res of this.held.splice(0)) res.writeHead(status).end();
  }

  idsReceived(): string[] {
    return this.received.map((request) => String(request.headers['webhook-id']));
  }
}

/**
 * Verifies a request with the standardwebhooks package, as an integrator would. Its timestamp check
 * (five minutes either way) is made against the test's clock: only `Date` is faked, for the
 * synchronous call alone.
 */
export function verifyAt(secret: string, request: Received, nowMs: number): unknown {
  vi.useFakeTimers({ toFake: ['Date'], now: nowMs });
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

/** Ends the work a test left (the suite's tests share a database, and a worker takes every company's). */
export async function settleAll(db: Db): Promise<void> {
  await db.run(db.qb.updateTable('events').set({ dispatched_at: '2000-01-01T00:00:00.000Z' }).where('dispatched_at', 'is', null));
  await db.run(db.qb.updateTable('webhook_deliveries').set({ status: 'failed', next_attempt_at: null }).where('status', '=', 'pending'));
}

/**
 * Receivers on loopback for one describe block: `receiver()` starts one, and after each test they
 * are closed and what the test left pending is settled, so no delivery leaks into the next test.
 */
export function useReceivers(suite: { readonly db: Db }): () => Promise<Receiver> {
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((made) => made.close()));
    await settleAll(suite.db);
  });
  return async () => {
    const made = await new Receiver().listen();
    receivers.push(made);
    return made;
  };
}
