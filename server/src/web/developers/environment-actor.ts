import { ApiError, type Environment } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { existingTestCompanyOf, testCompanyOf } from '../../modules/companies/environments.js';

/**
 * The web app's staff members belong to the live company; its test-mode twin (companies/environments.ts)
 * has none. So the Developers page acts on the twin's endpoints as the same person with the twin's
 * company, and on an id as the company it belongs to: the live company or its own twin, never
 * another's (any other id is not found).
 */

/** The staff actor acting in `environment`; the twin is made on first use, as a test key would make it. */
export async function actorInEnvironment(db: Db, actor: Actor, environment: Environment): Promise<Actor> {
  return environment === 'live' ? actor : { ...actor, companyId: await testCompanyOf(db, actor.companyId) };
}

/** The staff actor acting as the company that owns `companyId`'s row: itself or its twin. */
async function actorForCompany(db: Db, actor: Actor, companyId: string | undefined, what: string, id: string): Promise<Actor> {
  if (companyId === actor.companyId) return actor;
  if (companyId !== undefined && companyId === (await existingTestCompanyOf(db, actor.companyId))) return { ...actor, companyId };
  throw new ApiError('resource_missing', `No such ${what}: ${id}.`, { param: 'id' });
}

export async function actorForEndpoint(db: Db, actor: Actor, endpointId: string): Promise<Actor> {
  const row = await db.first(db.qb.selectFrom('webhook_endpoints').select('company_id').where('id', '=', endpointId));
  return actorForCompany(db, actor, row?.company_id, 'webhook endpoint', endpointId);
}

export async function actorForDelivery(db: Db, actor: Actor, deliveryId: string): Promise<Actor> {
  const row = await db.first(db.qb.selectFrom('webhook_deliveries').select('company_id').where('id', '=', deliveryId));
  return actorForCompany(db, actor, row?.company_id, 'webhook delivery', deliveryId);
}
