import { randomUUID } from 'node:crypto';
import { freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/dialects/open.js';
import { operationsFor, type Operation } from '../server/load.js';
import { seedServerWorld, type ServerWorld } from '../server/seed.js';
import { verifyServerWorld } from '../server/verify.js';

/** The database checks the scenarios rely on must be able to fail: each fault written by hand is found. */
describe('the server checks catch what a fault could leave behind', () => {
  let database: TestDatabase;
  let world: ServerWorld;
  let ops: Operation[];

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    world = await seedServerWorld(database.url, { checkIns: 3, bookings: 1, classCheckIns: 1, classes: 1 });
    ops = operationsFor(world);
  });
  afterAll(() => database.drop());

  it('a clean database passes', async () => {
    expect(await verifyServerWorld(database.url, world, ops)).toEqual({ lost: 0, duplicated: 0, violations: [] });
  });

  it('finds a lost write, a doubled one and half-written ones', async () => {
    const [lostOp, doubledOp, halfOp] = ops.filter((op) => op.kind === 'check-in') as [Operation, Operation, Operation];
    lostOp.ackedId = randomUUID();
    const db = await openDatabase(database.url);
    const now = new Date().toISOString();
    const holders = new Map((await db.all(db.qb.selectFrom('memberships').select(['id', 'contact_id']))).map((m) => [m.id, m.contact_id]));
    const visit = (membershipId: string, used: number) => ({
      id: randomUUID(),
      company_id: world.companyId,
      membership_id: membershipId,
      contact_id: holders.get(membershipId)!,
      location_id: world.locationId,
      kind: 'facility' as const,
      class_id: null,
      checked_in_at: now,
      recorded_at: now,
      source: 'api' as const,
      device_id: null,
      resolved_by: null,
      offline: 0,
      flags: '[]',
      plan_name: 'Five pack',
      visits_used: used,
      visits_remaining: 5 - used,
    });
    try {
      await db.run(db.qb.insertInto('visits').values([visit(doubledOp.membershipId!, 1), visit(doubledOp.membershipId!, 2), visit(halfOp.membershipId!, 3)]));
      await db.run(
        db.qb
          .insertInto('idempotency_keys')
          .values({ company_id: world.companyId, key: 'half', method: 'POST', path: '/v1/members/check-in', request_hash: 'x', response_status: null, response_body: null, created_at: now }),
      );
      await db.run(db.qb.updateTable('class_attendees').set({ status: 'checked_in' }).where('company_id', '=', world.companyId));
    } finally {
      await db.close();
    }
    const verdict = await verifyServerWorld(database.url, world, ops);
    expect(verdict.lost).toBe(1);
    expect(verdict.duplicated).toBe(1);
    const found = verdict.violations.join('\n');
    expect(found).toContain('a visit without its usage count');
    expect(found).toContain('claimed without its answer');
    expect(found).toContain('checked in without its class visit');
    expect(found).toContain('written without its Idempotency-Key answer');
  });
});
