import { setTimeout as sleep } from 'node:timers/promises';
import { freshDatabase, type DialectName } from '@studio/testkit/server/databases';
import type { ScenarioResult } from '../report.js';
import { openDatabase } from '../../server/src/db/dialects/open.js';
import { committedEvents, undeliveredCount, verifyEvents } from '../server/event-ledger.js';
import { EventLoad, eventOpsFor } from '../server/event-load.js';
import { seedEventWorld, type EventWorld, type EventWorldSize } from '../server/event-world.js';
import { ServePool } from '../server/serve-pool.js';
import { ownersOfLocalPorts } from '../server/socket-owner.js';
import { WebhookReceiver } from '../server/webhook-receiver.js';
import { randomPause } from '../server/world-run.js';

export interface WebhookKillSettings extends EventWorldSize {
  /** Contacts the load creates (a quarter as many creates and updates are refused). */
  creates: number;
  kills: number;
  concurrency: number;
  timeoutMs: number;
  /** How long the deliveries may take to drain once the load and the faults are over. */
  drainTimeoutMs: number;
}

/**
 * What the scenario's `serve` processes are configured with: the receiver is on loopback (refused
 * by default, as a webhook URL is user input), and retries and claims are seconds, not the days and
 * minutes of production, so a run drains in seconds. No rate limit: the load is one key.
 */
const serveEnv = {
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on',
  WEBHOOK_FIRST_RETRY_MS: '500',
  // Above the receiver's slowest answer (1.5 s): a slow answer is meant to be a success that keeps a delivery in flight.
  WEBHOOK_TIMEOUT_MS: '3000',
  WEBHOOK_CLAIM_MS: '4000',
  RATE_LIMIT_MAX: '0',
};

/**
 * Two `studio serve` processes on one database deliver its events to a flaky receiver (slow
 * answers, 500s) while API changes pour in, some refused or rolled back; one process holding a
 * delivery in flight is SIGKILLed, then restarted, `kills` times. At the end every committed
 * event must have been received, verified, at least once, and nothing received that was not
 * committed. Duplicates are counted (at least once allows them) and the drain is timed.
 */
export async function webhookKill(dialect: DialectName, settings: WebhookKillSettings): Promise<ScenarioResult> {
  const started = performance.now();
  const database = await freshDatabase(dialect);
  const receiver = await WebhookReceiver.start();
  const notes: string[] = [];
  let pool: ServePool | null = null;
  let load: EventLoad | null = null;
  try {
    const world = await seedEventWorld(database.url, settings);
    pool = await ServePool.start(database.url, 2, serveEnv);
    receiver.trust(await createEndpoint(pool.bases[0]!, world, receiver.url));
    load = new EventLoad(pool.bases, world, eventOpsFor(world, settings.creates), settings);
    const setupSeconds = (performance.now() - started) / 1000;
    load.start();

    // The changes go in portions, one more before each kill and the rest after the last: each
    // kill lands while changes are being made and their events delivered.
    const portion = Math.ceil(load.ops.length / (settings.kills + 1));
    let cutByKills = 0;
    let killsMidDelivery = 0;
    for (let k = 0; k < settings.kills; k++) {
      load.release((k + 1) * portion);
      await load.reached(k * portion + Math.floor(portion * (0.2 + Math.random() * 0.5)));
      const { index, inFlight } = await victim(pool, receiver, k);
      await pool.kill(index);
      cutByKills += inFlight;
      if (inFlight > 0) killsMidDelivery++;
      const answered = load.answered;
      await randomPause(100, 400);
      const restart = performance.now();
      await pool.startOne(index);
      notes.push(
        `kill ${k + 1}: serve ${index} with ${inFlight} deliveries in flight, ${answered} of ${load.ops.length} changes answered; answering again ${((performance.now() - restart) / 1000).toFixed(1)} s after its restart`,
      );
    }
    load.release(load.ops.length);
    await load.settled();

    const drainStarted = performance.now();
    const drained = await drain(database.url, world, receiver, settings.drainTimeoutMs);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const verdict = await verifyEvents(database.url, world, load.ops, receiver);
    const violations = [...verdict.violations, ...pool.crashes, ...load.stats.unexpected.map((u) => `unexpected answer ${u}`)];
    if (!drained) violations.push(`the deliveries did not drain within ${settings.drainTimeoutMs} ms`);
    const acked = load.ops.filter((op) => op.outcome && 'acked' in op.outcome).length;
    notes.push(
      `${verdict.committed} events committed, ${verdict.received} received (verified with standardwebhooks), ${verdict.missing} missing, ${verdict.duplicates} duplicates (allowed: at least once); from commit to receipt ${(verdict.delayMs.median / 1000).toFixed(1)} s median, ${(verdict.delayMs.max / 1000).toFixed(1)} s at most`,
      `drained ${drainSeconds.toFixed(1)} s after the last change was answered; setup (seed, two processes, the endpoint) ${setupSeconds.toFixed(1)} s, load and kills ${(drainStarted / 1000 - started / 1000 - setupSeconds).toFixed(1)} s`,
      `${killsMidDelivery} of ${pool.kills} kills mid-delivery, ${cutByKills} deliveries in flight cut by them; the receiver answered ${receiver.requests} requests (${receiver.failed} with 500 on purpose, ${receiver.cut} cut before their answer)`,
      `${load.ops.length} changes (${acked} acknowledged, ${load.ops.length - acked} refused as expected), ${load.stats.sent} requests, ${load.stats.networkErrors} refused or dropped connections retried on the other process`,
    );
    return {
      scenario: `serve SIGKILL mid-delivery, two processes (${dialect})`,
      operations: load.stats.sent,
      faults: pool.kills,
      acknowledged: acked,
      lost: verdict.missing,
      // Duplicated deliveries are allowed (at least once) and reported in the notes; a change
      // written twice would show as an event no acknowledgement explains, not here.
      duplicated: 0,
      serverErrors: load.stats.serverErrors,
      badInputServerErrors: null,
      unclean: load.stats.unclean,
      violations,
      notes,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await load?.close();
    await pool?.stop();
    await receiver.stop();
    await database.drop();
  }
}

/** The process to kill: one holding a delivery in flight (waited for, up to 5 s), else the next in turn. */
async function victim(pool: ServePool, receiver: WebhookReceiver, turn: number): Promise<{ index: number; inFlight: number }> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const pids = pool.pids();
    const owners = ownersOfLocalPorts(
      receiver.inFlightPorts(),
      pids.filter((p): p is number => p !== null),
    );
    const counts = new Map<number, number>();
    for (const pid of owners.values()) counts.set(pid, (counts.get(pid) ?? 0) + 1);
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0];
    if (busiest) return { index: pids.indexOf(busiest[0]), inFlight: busiest[1] };
    await sleep(2);
  }
  return { index: turn % 2, inFlight: 0 };
}

/** Waits until every committed event is received and no delivery is left; false on timeout. */
async function drain(databaseUrl: string, world: EventWorld, receiver: WebhookReceiver, timeoutMs: number): Promise<boolean> {
  const db = await openDatabase(databaseUrl);
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const events = await committedEvents(db, world);
      if (events.every((e) => receiver.received.has(e.id)) && (await undeliveredCount(db, world)) === 0) return true;
      await sleep(100);
    }
    return false;
  } finally {
    await db.close();
  }
}

/** An endpoint for every event type at the receiver, through the API; answers its secret (shown once). */
async function createEndpoint(base: string, world: EventWorld, url: string): Promise<string> {
  const response = await fetch(`${base}/webhook_endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, event_types: ['*'], description: 'chaos receiver' }),
  });
  const body = (await response.json()) as { secret?: string };
  if (response.status !== 201 || !body.secret) throw new Error(`creating the webhook endpoint answered ${response.status}: ${JSON.stringify(body)}`);
  return body.secret;
}
