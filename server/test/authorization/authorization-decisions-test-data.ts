import type { Db } from '../../src/db/types.js';
import type { Decision } from './authorization-decisions.js';
import { password } from '../web/web-studio.js';

/** The name of the studio every role of the matrix signs in to (its owner is olive@alder.example). */
async function signedInStudioName(db: Db): Promise<string> {
  const row = await db.first(
    db.qb.selectFrom('staff_accounts').innerJoin('companies', 'companies.id', 'staff_accounts.company_id').select('companies.name').where('staff_accounts.email', '=', 'olive@alder.example'),
  );
  return row!.name;
}

/**
 * Settings -> Developers, test mode, "Delete all test data" (web/developers/test-data-routes.ts):
 * owners only. It names no object: whatever the place, it acts on the signed-in owner's own test mode.
 */
export const testDataDecisions: Record<string, Decision> = {
  webDeleteTestData: {
    request: async (_t, db) => ({ method: 'POST', url: '/app/api/developers/test_data/delete', body: { password, confirm: await signedInStudioName(db) } }),
    expected: { owner: '200', manager: '403 role_not_allowed', desk: '403 role_not_allowed' },
  },
};
