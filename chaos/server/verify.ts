import { openDatabase } from '../../server/src/db/dialects/open.js';
import type { Db } from '../../server/src/db/types.js';
import type { Operation } from './load.js';
import type { ServerWorld } from './seed.js';

export interface Verdict {
  /** Acknowledged operations whose write is not in the database. */
  lost: number;
  /** Operations written more than once. */
  duplicated: number;
  /** Half-written operations and other broken invariants. */
  violations: string[];
}

const live = ['reserved', 'checked_in'] as const;

/**
 * Reads the database after a fault and checks what the clients were told against what is there:
 * every acknowledged write present (the same id), none twice, and no half-written operation: a
 * visit without its usage count, a checked-in spot without its visit (or a class visit without
 * its spot), a claimed Idempotency-Key without its answer, a class over capacity.
 */
export async function verifyServerWorld(databaseUrl: string, world: ServerWorld, ops: readonly Operation[]): Promise<Verdict> {
  const db = await openDatabase(databaseUrl);
  try {
    return await verify(db, world, ops);
  } finally {
    await db.close();
  }
}

async function verify(db: Db, world: ServerWorld, ops: readonly Operation[]): Promise<Verdict> {
  const verdict: Verdict = { lost: 0, duplicated: 0, violations: [] };
  const visits = await db.all(db.qb.selectFrom('visits').select(['id', 'membership_id', 'kind', 'class_id', 'visits_used', 'recorded_at']).where('company_id', '=', world.companyId));
  const attendees = await db.all(db.qb.selectFrom('class_attendees').select(['id', 'class_id', 'contact_id', 'status', 'visit_id', 'paid_by']).where('company_id', '=', world.companyId));
  const visitsOf = group(visits, (v) => v.membership_id);
  const spotsOf = group(
    attendees.filter((a) => (live as readonly string[]).includes(a.status)),
    (a) => `${a.class_id}/${a.contact_id}`,
  );
  const visitById = new Map(visits.map((v) => [v.id, v]));

  for (const op of ops) {
    const written =
      op.kind === 'check-in'
        ? (visitsOf.get(op.membershipId!) ?? []).filter((v) => v.kind === 'facility').map((v) => v.id)
        : op.kind === 'book'
          ? (spotsOf.get(`${op.classId}/${op.contactId}`) ?? []).map((a) => a.id)
          : (visitsOf.get(op.membershipId!) ?? []).filter((v) => v.kind === 'class').map((v) => v.id);
    if (written.length > 1) verdict.duplicated++;
    if (op.ackedId === null) continue;
    if (written.length === 0) verdict.lost++;
    const ackedRow = op.kind === 'class-check-in' ? attendees.find((a) => a.id === op.ackedId)?.visit_id : op.ackedId;
    if (written.length === 1 && written[0] !== ackedRow) verdict.violations.push(`${op.kind} ${op.key}: acknowledged ${op.ackedId}, the database holds ${written[0]}`);
  }

  // A visit's usage count is its place among the membership's visits: 1..n, no gap, no repeat.
  for (const [membershipId, list] of visitsOf) {
    const used = list.map((v) => v.visits_used).sort((a, b) => a - b);
    if (used.some((u, i) => u !== i + 1)) verdict.violations.push(`membership ${membershipId}: visits_used ${used.join(',')} (a visit without its usage count)`);
  }
  for (const a of attendees) {
    if (a.status !== 'checked_in' || a.paid_by !== 'package') continue;
    const visit = a.visit_id === null ? undefined : visitById.get(a.visit_id);
    if (!visit || visit.class_id !== a.class_id) verdict.violations.push(`spot ${a.id}: checked in without its class visit`);
  }
  const referenced = new Set(attendees.map((a) => a.visit_id));
  for (const v of visits) if (v.kind === 'class' && !referenced.has(v.id)) verdict.violations.push(`class visit ${v.id}: no checked-in spot refers to it`);

  const keys = await db.all(db.qb.selectFrom('idempotency_keys').select(['key', 'response_status', 'response_body']).where('company_id', '=', world.companyId));
  for (const k of keys) {
    if (k.response_status === null || k.response_body === null) verdict.violations.push(`Idempotency-Key ${k.key}: claimed without its answer`);
  }
  // Every write the load made went through a key: a visit or a spot no stored answer names was written outside one.
  const answered = new Set(
    keys.flatMap((k) => {
      const body = k.response_body === null ? {} : (JSON.parse(k.response_body) as { id?: string; attendee_id?: string });
      return [body.id, body.attendee_id].filter((id): id is string => id !== undefined);
    }),
  );
  for (const v of visits) if (v.kind === 'facility' && !answered.has(v.id)) verdict.violations.push(`visit ${v.id}: written without its Idempotency-Key answer`);
  const seeded = new Set(world.classCheckIns.map((s) => s.contactId));
  for (const a of attendees) if (!answered.has(a.id) && !seeded.has(a.contact_id)) verdict.violations.push(`spot ${a.id}: written without its Idempotency-Key answer`);

  const classes = await db.all(db.qb.selectFrom('classes').select(['id', 'capacity']).where('company_id', '=', world.companyId));
  for (const c of classes) {
    const taken = attendees.filter((a) => a.class_id === c.id && (live as readonly string[]).includes(a.status)).length;
    if (taken > c.capacity) verdict.violations.push(`class ${c.id}: ${taken} spots taken of ${c.capacity}`);
  }
  return verdict;
}

function group<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
