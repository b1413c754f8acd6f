import { randomUUID } from 'node:crypto';
import { openDatabase } from '../server/src/db/dialects/open.js';
import type { ScheduleData } from './seed-schedule.js';

export interface RushResult {
  requests: number;
  answered: number;
  reserved: number;
  classFull: number;
  other: number;
  seconds: number;
  rps: number;
  p99: number;
  /** Classes holding more live spots than their capacity: must be 0. */
  overbooked: number;
}

/**
 * 500 book requests at once over 10 classes of 20 spots (one connection each): every request must
 * be answered, 200 spots taken, 300 refused `class_full`, and no class over capacity in the database.
 */
export async function classRush(base: string, key: string, databaseUrl: string, schedule: ScheduleData): Promise<RushResult> {
  const started = performance.now();
  const latencies: number[] = [];
  const answers = await Promise.all(
    schedule.rushContactIds.map(async (contactId, i) => {
      const classId = schedule.rushClassIds[i % schedule.rushClassIds.length]!;
      const t0 = performance.now();
      try {
        const response = await fetch(`${base}/v1/classes/${classId}/book`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ contact_id: contactId }),
        });
        const body = (await response.json()) as { error?: { code: string } };
        return { status: response.status, code: body.error?.code };
      } catch {
        return { status: 0, code: 'network' };
      } finally {
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const db = await openDatabase(databaseUrl);
  let overbooked = 0;
  try {
    for (const classId of schedule.rushClassIds) {
      const cls = await db.first(db.qb.selectFrom('classes').select('capacity').where('id', '=', classId));
      const live = await db.first(
        db.qb
          .selectFrom('class_attendees')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('class_id', '=', classId)
          .where('status', 'in', ['reserved', 'checked_in']),
      );
      if (Number(live!.n) > cls!.capacity) overbooked++;
    }
  } finally {
    await db.close();
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: answers.length,
    answered: answers.filter((a) => a.status > 0).length,
    reserved: answers.filter((a) => a.status === 201).length,
    classFull: answers.filter((a) => a.code === 'class_full').length,
    other: answers.filter((a) => a.status !== 201 && a.code !== 'class_full').length,
    seconds,
    rps: answers.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    overbooked,
  };
}
