import { randomUUID } from 'node:crypto';
import type { Actor } from '../../domain/actor.js';
import type { Db, Queryable } from '../../db/types.js';
import { toIso, type Clock } from '../../clock/time.js';
import { storedActor } from './actor-view.js';

export type AuditAction =
  | 'setup_link_minted'
  | 'owner_created'
  | 'account_created'
  | 'account_disabled'
  | 'account_enabled'
  | 'access_changed'
  | 'signed_out_everywhere'
  | 'password_invitation_minted'
  | 'password_reset_minted'
  | 'password_set_from_link'
  | 'password_changed'
  | 'api_key_created'
  | 'api_key_revoked'
  | 'import_dry_run'
  | 'import_committed'
  | 'business_exported'
  | 'webhook_endpoint_created'
  | 'webhook_endpoint_updated'
  | 'webhook_secret_rotated'
  | 'webhook_endpoint_deleted'
  | 'webhook_delivery_resent'
  | 'webhook_test_sent'
  | 'test_data_cleared'
  | 'visit_voided'
  | 'device_key_created'
  | 'pass_keys_rotated'
  | 'member_pass_revoked';

export interface AuditEntry {
  action: AuditAction;
  targetAccountId: string | null;
  details?: Record<string, unknown>;
}

/** Records a change to staff accounts with who made it; written in the change's own transaction. */
export async function recordAudit(db: Db, sql: Queryable, actor: Actor, entry: AuditEntry, clock: Clock): Promise<void> {
  await sql.run(
    db.qb.insertInto('staff_audit_log').values({
      id: randomUUID(),
      company_id: actor.companyId,
      ...storedActor(actor),
      action: entry.action,
      target_account_id: entry.targetAccountId,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      at: toIso(clock()),
    }),
  );
}

/** The company's audit log, newest first. */
export function auditLog(db: Db, companyId: string, limit = 100) {
  return db.all(db.qb.selectFrom('staff_audit_log').selectAll().where('company_id', '=', companyId).orderBy('at', 'desc').orderBy('id').limit(limit));
}
