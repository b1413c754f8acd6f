import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import { toIso, type Clock } from '../../clock/time.js';
import { claimable } from '../../db/claim-rows.js';
import type { Tables } from '../../db/tables.js';
import type { Db } from '../../db/types.js';
import { dataAfterHandling } from './retries.js';
import type { MessageTemplate } from './templates/names.js';

/** The messages of test-mode companies (companies/environments.ts): a condition on `member_messages` as `m`. */
export function ofTestCompany(eb: ExpressionBuilder<Tables & { m: Tables['member_messages'] }, 'm'>) {
  return eb('m.company_id', 'in', eb.selectFrom('companies').select('id').where('live_company_id', 'is not', null));
}

/**
 * A test-mode company never emails anybody: each of its queued messages is recorded as it is
 * (status `test_mode`, one `test_mode` attempt) and shown to staff, never sent, with or without a
 * provider. A sign-in code loses its secrets as a sent one does. Up to `limit` a pass; answers how many.
 */
export async function recordTestModeMessages(db: Db, clock: Clock, limit: number): Promise<number> {
  const pending = () =>
    db.qb
      .selectFrom('member_messages as m')
      .select(['m.id', 'm.template', 'm.data'])
      .where('m.status', '=', 'queued')
      .where((eb) => ofTestCompany(eb))
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(limit);
  if (!(await db.first(pending()))) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.all(claimable(tx, pending()));
    const at = toIso(clock());
    for (const row of rows) {
      const data = JSON.stringify(dataAfterHandling(row.template as MessageTemplate, JSON.parse(row.data) as Record<string, unknown>));
      await tx.run(db.qb.updateTable('member_messages').set({ status: 'test_mode', data, next_attempt_at: at }).where('id', '=', row.id).where('status', '=', 'queued'));
      await tx.run(db.qb.insertInto('member_message_attempts').values({ id: randomUUID(), message_id: row.id, at, outcome: 'test_mode', detail: 'test mode: recorded, not sent' }));
    }
    return rows.length;
  });
}
