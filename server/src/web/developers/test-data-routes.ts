import { contracts } from '@studio/shared/contracts';
import { ApiError } from '@studio/shared';
import { TestDataDeleteRequest } from '@studio/shared/schemas/web-test-data';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { implement, ok } from '../../http/route.js';
import { clearTestData, type ClearedTestData } from '../../modules/companies/test-data.js';
import { recordAudit } from '../../modules/staff-accounts/audit.js';
import { reauthenticate } from '../../modules/staff-accounts/reauthenticate.js';

/**
 * Settings -> Developers, test mode: "Delete all test data" (modules/companies/test-data.ts), an
 * owner's alone, with the password again and the company's name typed. Written to the live
 * company's staff audit log (where the owner is) with the counts, in the deletion's own transaction.
 */
export async function deleteWebTestData(db: Db, staff: Actor, body: TestDataDeleteRequest, clock: Clock = systemClock): Promise<ClearedTestData> {
  // The role first, so a manager is told it may not rather than asked for a password that would not help.
  if (staff.identity.kind !== 'staff_user' || staff.identity.role !== 'owner') throw new ApiError('role_not_allowed', 'Only an owner may delete test data; ask an owner.');
  await reauthenticate(db, staff, body.password, clock);
  return db.transaction(async (tx) => {
    const cleared = await clearTestData(db, staff.companyId, body.confirm, clock);
    const removed = Object.fromEntries(Object.entries(cleared.removed).filter(([, n]) => n > 0));
    await recordAudit(db, tx, staff, { action: 'test_data_cleared', targetAccountId: null, details: { test_company_id: cleared.test_company_id, removed } }, clock);
    return cleared;
  });
}

export function testDataRoutes(clock: Clock = systemClock) {
  return [implement(contracts.webDeleteTestData, async ({ db, actor, body }) => ok(await deleteWebTestData(db, actor, body, clock)))];
}
