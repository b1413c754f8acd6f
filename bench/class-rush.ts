import { randomUUID } from 'node:crypto';
import { Agent, fetch } from 'undici';
import { openDatabase } from '../server/src/db/dialects/open.js';
import { cpuSeconds } from './proc.js';
import type { ScheduleData } from './seed-schedule.js';

export interface RushResult {
  /** `studio serve` processes the requests were spread over, round-robin. */
  processes: number;
  requests: number;
  /** Requests that got an HTTP answer (a 5xx too); the rest met a socket error. */
  answered: number;
  booked: number;
  /** Answers other than 201, by error code (`class_full`, ...), or by status when the body names none. */
  refusals: Record<string, number>;
  serverErrors: number;
  socketErrors: number;
  /** Socket errors by their cause's code (`UND_ERR_CONNECT_TIMEOUT`, `ECONNRESET`, ...). */
  socketErrorCauses: Record<string, number>;
  seconds: number;
  rps: number;
  p99: number;
  /** CPU the `serve` processes spent over the rush, per request. */
  cpuUsPerRequest: number;
  capacity: number;
  /** Spots the class holds in the database afterwards: must equal its capacity. */
  liveSpots: number;
  /** Contacts holding a spot and still queued on the class's waitlist: must be 0. */
  bookedAndWaiting: number;
}

interface Answer {
  status: number;
  code: string | undefined;
  ms: number;
}

/**
 * The load generator is one address, and a server process closes an address's connections over a
 * quarter of MAX_CONNECTIONS (256 by default) at once: beyond that, requests wait for a connection
 * here, as they would behind a proxy, rather than be cut off. The pool stays below the share, not
 * at it: a socket the client has replaced still counts on the server until its close arrives (at
 * 256, 903 of 2,000 requests were cut off on Postgres; at 200, none).
 */
const connectionsPerProcess = 200;

async function book(dispatcher: Agent, base: string, key: string, classId: string, contactId: string): Promise<Answer> {
  const t0 = performance.now();
  try {
    const response = await fetch(`${base}/v1/classes/${classId}/book`, {
      dispatcher,
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ contact_id: contactId }),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
    return { status: response.status, code: body.error?.code, ms: performance.now() - t0 };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, code: cause?.code ?? cause?.message ?? String(error), ms: performance.now() - t0 };
  }
}

/** The class's live spots, and its contacts both holding a spot and still queued, as the database has them. */
async function rosterCheck(databaseUrl: string, classId: string) {
  const db = await openDatabase(databaseUrl);
  try {
    const cls = await db.first(db.qb.selectFrom('classes').select('capacity').where('id', '=', classId));
    const live = await db.first(
      db.qb
        .selectFrom('class_attendees')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('class_id', '=', classId)
        .where('status', 'in', ['reserved', 'checked_in']),
    );
    const both = await db.first(
      db.qb
        .selectFrom('class_attendees as a')
        .innerJoin('class_waitlist as w', (join) => join.onRef('w.class_id', '=', 'a.class_id').onRef('w.contact_id', '=', 'a.contact_id'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.class_id', '=', classId)
        .where('a.status', 'in', ['reserved', 'checked_in'])
        .where('w.status', 'in', ['waiting', 'offered']),
    );
    return { capacity: cls!.capacity, liveSpots: Number(live!.n), bookedAndWaiting: Number(both!.n) };
  } finally {
    await db.close();
  }
}

/**
 * Every rush contact (2,000 with the full data set) books the one rush class of 20 spots at once,
 * each request with its own Idempotency-Key, spread round-robin over `servers` (`serve`
 * processes on the same database). Exactly 20 must be booked, the rest refused with their code,
 * every request answered without a 5xx, and the database must hold exactly 20 live spots.
 */
export async function classRush(servers: { url: string; pid: number }[], key: string, databaseUrl: string, schedule: ScheduleData): Promise<RushResult> {
  const serverCpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0);
  const cpuBefore = serverCpu();
  const started = performance.now();
  const dispatcher = new Agent({ connections: connectionsPerProcess });
  const answers = await Promise.all(schedule.rushContactIds.map((contactId, i) => book(dispatcher, servers[i % servers.length]!.url, key, schedule.rushClassId, contactId)));
  const seconds = (performance.now() - started) / 1000;
  await dispatcher.close();
  const cpuUsPerRequest = ((serverCpu() - cpuBefore) * 1e6) / answers.length;
  const refusals: Record<string, number> = {};
  const socketErrorCauses: Record<string, number> = {};
  for (const a of answers) {
    if (a.status === 201) continue;
    const counts = a.status === 0 ? socketErrorCauses : refusals;
    const code = a.code ?? `HTTP ${a.status}`;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    processes: servers.length,
    requests: answers.length,
    answered: answers.filter((a) => a.status > 0).length,
    booked: answers.filter((a) => a.status === 201).length,
    refusals,
    serverErrors: answers.filter((a) => a.status >= 500).length,
    socketErrors: answers.filter((a) => a.status === 0).length,
    socketErrorCauses,
    seconds,
    rps: answers.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    cpuUsPerRequest,
    ...(await rosterCheck(databaseUrl, schedule.rushClassId)),
  };
}
