import { ApiError } from '@studio/shared';
import type { Clock } from '../../../clock/time.js';
import type { Db } from '../../../db/types.js';
import type { Actor } from '../../../domain/actor.js';
import { liveCompanyOf } from '../../companies/environments.js';
import { recordAudit, type AuditAction } from '../../staff-accounts/audit.js';
import { reauthenticate } from '../../staff-accounts/reauthenticate.js';
import { assertMayManageEndpoints } from './access.js';

/**
 * What a staff member's change to webhooks brings from its request: the password typed again. Only
 * Settings -> Developers asks for it; the API's bodies have no such field, so a staff session on
 * /app/api/v1 brings none and every endpoint write is refused there.
 */
export interface StaffConfirmation {
  password?: string | undefined;
}

export interface StaffChange<T> {
  action: AuditAction;
  /** Every write to an endpoint (make, edit, enable, disable, rotate, delete); not a test event or a resend, which send and change nothing (docs/api-decisions.md, Webhooks). */
  needsPassword: boolean;
  /** What the audit entry records: ids and last four characters, never a secret or a URL (a URL may carry the receiver's token). */
  details: (result: T) => Record<string, unknown>;
}

const whereToDoIt =
  'A staff member makes, edits, enables, disables, rotates or deletes a webhook endpoint with the password again: do it in Settings → Developers → Webhooks, which asks for it. Through the API, use an API key with write:webhooks.';

/**
 * The rule for staff changing webhooks, whatever route or mount the call came through: an owner
 * only, the password again where `needsPassword`, and an entry in the staff audit log written in
 * the change's own transaction. An API key or the business changes as its scope and locations
 * allow (endpoints/access.ts), unaudited as before: their keys are audited where they are made.
 * `actor` may be the owner acting in its company's test twin (web/developers/environment-actor.ts):
 * the password and the log are the live company's, where the account is.
 */
export async function asStaffChange<T>(db: Db, actor: Actor, staff: StaffConfirmation | undefined, change: StaffChange<T>, work: () => Promise<T>, clock: Clock): Promise<T> {
  if (actor.identity.kind !== 'staff_user') return work();
  // The role first, so a manager is told it may not rather than asked for a password that would not help.
  assertMayManageEndpoints(actor);
  const account: Actor = { ...actor, companyId: await liveCompanyOf(db, actor.companyId) };
  if (change.needsPassword) {
    if (staff?.password === undefined) throw new ApiError('role_not_allowed', whereToDoIt);
    await reauthenticate(db, account, staff.password, clock);
  }
  return db.transaction(async (tx) => {
    const result = await work();
    await recordAudit(db, tx, account, { action: change.action, targetAccountId: null, details: change.details(result) }, clock);
    return result;
  });
}
