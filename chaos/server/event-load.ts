import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiRequestError, NetworkError, createStudioClient, type StudioClient } from '@studio/shared/client';
import type { EventWorld } from './event-world.js';

/**
 * The changes of the webhook scenario. Each kind says what the client must be told:
 * - `create-contact`, `update-contact`, `check-in`, `book`, `class-check-in`: acknowledged, each with
 *   an event committed;
 * - `race-book`: acknowledged or refused 409 `class_full` (more racers than spots);
 * - `refused-update` (another contact's phone: 409 `phone_taken`, the update rolls back) and
 *   `refused-create` (a phone that is no number: 400 `invalid_param`): always refused, no event.
 */
export type EventOpKind = 'create-contact' | 'update-contact' | 'check-in' | 'book' | 'class-check-in' | 'race-book' | 'refused-update' | 'refused-create';

export interface EventOp {
  kind: EventOpKind;
  /** The Idempotency-Key of a create, and a text written into the change so its event can be told apart. */
  key: string;
  contactId?: string;
  membershipId?: string;
  classId?: string;
  outcome: { acked: string } | { refused: string } | null;
  attempts: number;
}

const expectedRefusal: Partial<Record<EventOpKind, string>> = { 'race-book': 'class_full', 'refused-update': 'phone_taken', 'refused-create': 'invalid_param' };

/** Every change the world allows, shuffled so kinds interleave. */
export function eventOpsFor(world: EventWorld, creates: number): EventOp[] {
  const ops: Omit<EventOp, 'key' | 'outcome' | 'attempts'>[] = [
    ...Array.from({ length: creates }, () => ({ kind: 'create-contact' as const })),
    ...world.updateContacts.map((contactId) => ({ kind: 'update-contact' as const, contactId })),
    ...world.checkInMemberships.map((membershipId) => ({ kind: 'check-in' as const, membershipId })),
    ...world.bookingContacts.map((b) => ({ kind: 'book' as const, ...b })),
    ...world.classCheckIns.map((s) => ({ kind: 'class-check-in' as const, ...s })),
    ...world.raceClass.racers.map((contactId) => ({ kind: 'race-book' as const, contactId, classId: world.raceClass.id })),
    ...world.updateContacts.slice(0, Math.ceil(creates / 4)).map((contactId) => ({ kind: 'refused-update' as const, contactId })),
    ...Array.from({ length: Math.ceil(creates / 4) }, () => ({ kind: 'refused-create' as const })),
  ];
  const keyed = ops.map((op) => ({ ...op, key: randomUUID(), outcome: null, attempts: 0 }));
  for (let i = keyed.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [keyed[i], keyed[j]] = [keyed[j]!, keyed[i]!];
  }
  return keyed;
}

export interface EventLoadStats {
  sent: number;
  networkErrors: number;
  serverErrors: number;
  /** A 5xx other than a clean 503 (with its envelope and Retry-After), or a request that hung. */
  unclean: number;
  /** Answers no change of this load should get. */
  unexpected: string[];
}

/**
 * Workers that send every change until it is answered for good (acknowledged, or refused as its
 * kind expects), each attempt to the next `serve` process in turn, as a load balancer would, so a
 * change cut off by a kill is retried on the other process with the same key.
 */
export class EventLoad {
  readonly stats: EventLoadStats = { sent: 0, networkErrors: 0, serverErrors: 0, unclean: 0, unexpected: [] };
  /** Released changes not yet answered for good, next first. */
  private readonly queue: EventOp[] = [];
  private released = 0;
  private answeredCount = 0;
  private stopped = false;
  private readonly clients: StudioClient[];
  private workers: Promise<void>[] = [];
  private turn = 0;

  constructor(
    bases: string[],
    private readonly world: EventWorld,
    readonly ops: EventOp[],
    private readonly options: { concurrency: number; timeoutMs: number },
  ) {
    this.clients = bases.map((baseUrl) => createStudioClient({ baseUrl, apiKey: world.key, retries: 0, timeoutMs: options.timeoutMs }));
  }

  get answered(): number {
    return this.answeredCount;
  }

  /** Starts the workers; they send what `release` lets go. */
  start(): void {
    this.workers = Array.from({ length: this.options.concurrency }, () => this.work());
  }

  /** Lets the first `n` changes go (in portions, so the load goes on across every fault). */
  release(n: number): void {
    const upTo = Math.min(n, this.ops.length);
    this.queue.push(...this.ops.slice(this.released, upTo));
    this.released = Math.max(this.released, upTo);
  }

  /** Resolves once `n` changes are answered for good; throws when none is for `stallMs`. */
  async reached(n: number, stallMs = 30_000): Promise<void> {
    let [last, since] = [this.answered, Date.now()];
    while (this.answered < n) {
      if (this.answered !== last) [last, since] = [this.answered, Date.now()];
      if (Date.now() - since > stallMs) throw new Error(`no change answered for ${stallMs} ms (${this.answered} of ${n} wanted): the servers stopped answering`);
      await sleep(5);
    }
  }

  /** Waits for the workers, which end once every change is answered. */
  async settled(): Promise<void> {
    await this.reached(this.ops.length);
    await Promise.all(this.workers);
  }

  /** Stops the workers (after their request in flight) and the clients. */
  async close(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers);
    await Promise.all(this.clients.map((c) => c.close()));
  }

  private async work(): Promise<void> {
    while (!this.stopped && this.answered < this.ops.length) {
      const op = this.queue.shift();
      if (!op) {
        await sleep(5);
        continue;
      }
      const client = this.clients[this.turn++ % this.clients.length]!;
      try {
        op.outcome = { acked: await this.send(client, op) };
        this.answeredCount++;
      } catch (error) {
        const refusal = this.refusal(op, error);
        if (refusal) {
          op.outcome = { refused: refusal };
          this.answeredCount++;
          continue;
        }
        this.queue.push(op);
        await sleep(20 + Math.random() * 60);
      }
    }
  }

  /** Sends one attempt; answers the id the acknowledgement names. */
  private async send(client: StudioClient, op: EventOp): Promise<string> {
    op.attempts++;
    this.stats.sent++;
    const call = { idempotencyKey: op.key };
    const { locationId } = this.world;
    switch (op.kind) {
      case 'create-contact':
        return (await client.contacts.create({ location_id: locationId, first_name: 'Created', last_name: op.key }, call)).data.id;
      case 'refused-create':
        return (await client.contacts.create({ location_id: locationId, first_name: 'Refused', last_name: op.key, phone: 'not a number' }, call)).data.id;
      case 'update-contact':
        return (await client.contacts.update(op.contactId!, { notes: `updated ${op.key}` })).id;
      case 'refused-update':
        return (await client.contacts.update(op.contactId!, { phone: this.world.phoneHolder.phone, notes: `refused ${op.key}` })).id;
      case 'check-in':
        return (await client.members.checkIn({ location_id: locationId, membership_id: op.membershipId!, source: 'api' }, call)).data.id;
      case 'book':
      case 'race-book':
        return (await client.classes.book(op.classId!, { contact_id: op.contactId! }, call)).data.attendee_id;
      case 'class-check-in':
        return (await client.classes.checkIn(op.classId!, { contact_id: op.contactId! }, call)).data.attendee_id;
    }
  }

  /** The refusal code when the answer is final; null when the change is to be sent again (the server was away). */
  private refusal(op: EventOp, error: unknown): string | null {
    if (error instanceof NetworkError) {
      // A refused or dropped connection is a process being away; a hang is a fault of ours.
      if (error.code === 'timeout') this.stats.unclean++;
      else this.stats.networkErrors++;
      return null;
    }
    if (error instanceof ApiRequestError) {
      if (error.status >= 500) {
        this.stats.serverErrors++;
        if (!(error.code === 'unavailable' && error.retryAfterMs !== undefined)) this.stats.unclean++;
        return null;
      }
      // The first attempt may still be running on the other process.
      if (error.code === 'idempotency_key_in_use') return null;
      if (error.code !== expectedRefusal[op.kind]) this.stats.unexpected.push(`${op.kind}: ${error.status} ${error.code}: ${error.message}`);
      return error.code;
    }
    this.stats.unexpected.push(`${op.kind}: ${String(error)}`);
    return 'unexpected';
  }
}
