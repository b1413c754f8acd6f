import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiRequestError, NetworkError, createStudioClient, type StudioClient } from '@studio/shared/client';
import type { ServerWorld } from './seed.js';

export type OperationKind = 'check-in' | 'book' | 'class-check-in';

/** One logical write, sent with the same Idempotency-Key until the server acknowledges it. */
export interface Operation {
  kind: OperationKind;
  key: string;
  membershipId?: string;
  contactId?: string;
  classId?: string;
  /** The id the acknowledgement named: the visit (check-in) or the roster entry (book, class check-in). */
  ackedId: string | null;
  attempts: number;
}

export interface LoadStats {
  sent: number;
  serverErrors: number;
  /** 503 `unavailable`/`storage_full` in the envelope with Retry-After. */
  clean503: number;
  unclean: number;
  networkErrors: number;
  badInputSent: number;
  badInputServerErrors: number;
  /** Answers no operation of this load should get (a 4xx other than in-use). */
  unexpected: string[];
}

/** Every operation the world allows, shuffled so kinds interleave. */
export function operationsFor(world: ServerWorld): Operation[] {
  const ops: Operation[] = [
    ...world.checkInMemberships.map((membershipId) => ({ kind: 'check-in' as const, membershipId })),
    ...world.bookingContacts.map((b) => ({ kind: 'book' as const, contactId: b.contactId, classId: b.classId })),
    ...world.classCheckIns.map((s) => ({ kind: 'class-check-in' as const, contactId: s.contactId, classId: s.classId, membershipId: s.membershipId })),
  ].map((op) => ({ ...op, key: randomUUID(), ackedId: null, attempts: 0 }));
  for (let i = ops.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [ops[i], ops[j]] = [ops[j]!, ops[i]!];
  }
  return ops;
}

const cleanCodes = new Set(['unavailable', 'storage_full']);

/** Malformed requests a client might send; each must be answered 4xx, never 5xx. */
function badRequest(base: string, world: ServerWorld, n: number): { path: string; body: string; headers: Record<string, string> } {
  const json = { 'content-type': 'application/json' };
  switch (n % 4) {
    case 0:
      return { path: '/members/check-in', body: '{"location_id": ', headers: json };
    case 1:
      return { path: '/members/check-in', body: JSON.stringify({ location_id: world.locationId, membership_id: 'not-a-uuid', surprise: true }), headers: json };
    case 2:
      return { path: `/classes/${world.classIds[0]}/book`, body: JSON.stringify({ contact_id: randomUUID() }), headers: { ...json, 'idempotency-key': 'k'.repeat(300) } };
    default:
      return { path: '/classes/%E0%A4%A/book', body: '[]', headers: json };
  }
}

/**
 * Workers that send every operation until it is acknowledged, retrying with its own key after a
 * 503 or a dropped connection, and a malformed request every `badInputEvery` sends. Every answer
 * is classified; nothing here asserts.
 */
export class ServerLoad {
  readonly stats: LoadStats = { sent: 0, serverErrors: 0, clean503: 0, unclean: 0, networkErrors: 0, badInputSent: 0, badInputServerErrors: 0, unexpected: [] };
  private readonly queue: Operation[];
  private readonly client: StudioClient;
  private workers: Promise<void>[] = [];
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly world: ServerWorld,
    readonly ops: Operation[],
    private readonly options: { concurrency: number; timeoutMs: number; badInputEvery: number },
  ) {
    this.queue = [...ops];
    this.client = createStudioClient({ baseUrl: base, apiKey: world.key, retries: 0, timeoutMs: options.timeoutMs });
  }

  get acknowledged(): number {
    return this.ops.filter((op) => op.ackedId !== null).length;
  }

  start(): void {
    this.stopped = false;
    this.workers = Array.from({ length: this.options.concurrency }, () => this.work());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers);
  }

  async close(): Promise<void> {
    await this.stop();
    await this.client.close();
  }

  /** Resolves once `n` operations are acknowledged. */
  /** Resolves once n operations are acknowledged; throws when none is for `stallMs` (the server is gone). */
  async reached(n: number, stallMs = 60_000): Promise<void> {
    let last = this.acknowledged;
    let since = Date.now();
    while (this.acknowledged < n) {
      if (this.acknowledged !== last) [last, since] = [this.acknowledged, Date.now()];
      if (Date.now() - since > stallMs) throw new Error(`no operation acknowledged for ${stallMs} ms (${this.acknowledged} of ${n} wanted): the server stopped answering`);
      await sleep(2);
    }
  }

  /** Resolves once every operation is acknowledged, or throws after `timeoutMs`. */
  async settled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.acknowledged < this.ops.length) {
      if (Date.now() > deadline) throw new Error(`${this.ops.length - this.acknowledged} operations still unacknowledged after ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  /**
   * Sends every operation once more with its key: each must replay the stored answer (same id,
   * `Idempotent-Replayed`), never write again. Answers the operations that wrote a second time.
   */
  async replayAll(): Promise<{ replayed: number; rewritten: Operation[] }> {
    const rewritten: Operation[] = [];
    let replayed = 0;
    for (const op of this.ops) {
      const answer = await this.send(op);
      if (answer.replayed && answer.id === op.ackedId) replayed++;
      else rewritten.push(op);
    }
    return { replayed, rewritten };
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      const op = this.queue.shift();
      if (!op) return;
      if (this.options.badInputEvery > 0 && this.stats.sent % this.options.badInputEvery === 0) await this.sendBadInput();
      try {
        const answer = await this.send(op);
        op.ackedId = answer.id;
      } catch (error) {
        this.classify(error);
        this.queue.push(op);
        await sleep(20 + Math.random() * 60);
      }
    }
  }

  private async send(op: Operation): Promise<{ id: string; replayed: boolean }> {
    op.attempts++;
    this.stats.sent++;
    const call = { idempotencyKey: op.key };
    if (op.kind === 'check-in') {
      const r = await this.client.members.checkIn({ location_id: this.world.locationId, membership_id: op.membershipId!, source: 'api' }, call);
      return { id: r.data.id, replayed: r.replayed };
    }
    const r =
      op.kind === 'book' ? await this.client.classes.book(op.classId!, { contact_id: op.contactId! }, call) : await this.client.classes.checkIn(op.classId!, { contact_id: op.contactId! }, call);
    return { id: r.data.attendee_id, replayed: r.replayed };
  }

  private classify(error: unknown): void {
    if (error instanceof ApiRequestError) {
      if (error.status >= 500) {
        this.stats.serverErrors++;
        if (cleanCodes.has(error.code) && error.retryAfterMs !== undefined) this.stats.clean503++;
        else this.stats.unclean++;
      } else if (error.code !== 'idempotency_key_in_use') {
        this.stats.unexpected.push(`${error.status} ${error.code}: ${error.message}`);
      }
      return;
    }
    if (error instanceof NetworkError) {
      // A hang is a fault of ours; a refused or dropped connection is the server being away.
      if (error.code === 'timeout') this.stats.unclean++;
      else this.stats.networkErrors++;
      return;
    }
    this.stats.unexpected.push(String(error));
  }

  private async sendBadInput(): Promise<void> {
    const bad = badRequest(this.base, this.world, this.stats.badInputSent);
    this.stats.badInputSent++;
    this.stats.sent++;
    try {
      const response = await fetch(this.base + bad.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.world.key}`, ...bad.headers },
        body: bad.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      if (response.status < 500) return;
      this.stats.serverErrors++;
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      } catch {
        // not our envelope: counted below
      }
      const clean = code !== undefined && cleanCodes.has(code) && response.headers.get('retry-after') !== null;
      if (clean) this.stats.clean503++;
      else this.stats.badInputServerErrors++;
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') this.stats.unclean++;
      else this.stats.networkErrors++;
    }
  }
}
