import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError, type Environment } from '@studio/shared';
import { nowIso } from '../../clock/time.js';
import type { Db } from '../../db/types.js';

/**
 * Test mode, as Stripe's: a live company has at most one test-mode twin, a company of its own
 * whose `live_company_id` names it. Test keys belong to the twin, so the company rule every
 * service already keeps (an id of another company is not found) isolates test data from live data
 * both ways. The twin takes the live company's name and key prefix; its keys read `_sk_test_`.
 */

/** 'test' for a twin, 'live' for every other company. */
export async function environmentOf(db: Db, companyId: string): Promise<Environment> {
  const row = await db.first(db.qb.selectFrom('companies').select('live_company_id').where('id', '=', companyId));
  if (!row) throw new ApiError('resource_missing', `No company ${companyId}.`, { param: 'company' });
  return row.live_company_id === null ? 'live' : 'test';
}

/** The live company's test twin if it has one yet (a read never makes one). */
export async function existingTestCompanyOf(db: Db, liveCompanyId: string): Promise<string | null> {
  return (await db.first(db.qb.selectFrom('companies').select('id').where('live_company_id', '=', liveCompanyId)))?.id ?? null;
}

/** The live company's test twin, made on first use (concurrent first uses agree on one). */
export async function testCompanyOf(db: Db, liveCompanyId: string): Promise<string> {
  const existing = await existingTestCompanyOf(db, liveCompanyId);
  if (existing) return existing;
  const live = await db.first(db.qb.selectFrom('companies').select(['id', 'name', 'key_prefix', 'live_company_id']).where('id', '=', liveCompanyId));
  if (!live) throw new ApiError('resource_missing', `No company ${liveCompanyId}.`, { param: 'company' });
  if (live.live_company_id !== null) return live.id;
  const id = randomUUID();
  // The unique index on live_company_id makes a concurrent second insert a no-op.
  await db.run(
    db.qb
      .insertInto('companies')
      .values({ id, name: live.name, key_prefix: live.key_prefix, created_at: nowIso(), credential_secret: randomBytes(32).toString('base64url'), live_company_id: live.id })
      .onConflict((oc) => oc.column('live_company_id').doNothing()),
  );
  const twin = await db.first(db.qb.selectFrom('companies').select('id').where('live_company_id', '=', liveCompanyId));
  return twin!.id;
}

/** The company of `environment` for a live company: itself for live, its twin for test. */
export async function companyInEnvironment(db: Db, liveCompanyId: string, environment: Environment): Promise<string> {
  return environment === 'live' ? liveCompanyId : testCompanyOf(db, liveCompanyId);
}

/** The live company of a company: itself, or for a test twin the company it is the twin of. */
export async function liveCompanyOf(db: Db, companyId: string): Promise<string> {
  const row = await db.first(db.qb.selectFrom('companies').select('live_company_id').where('id', '=', companyId));
  return row?.live_company_id ?? companyId;
}
