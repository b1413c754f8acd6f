import type { CheckinDenial, Reason } from '@studio/shared';
import type { Clock } from '../../clock/time.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import { recordEvent } from '../events/record.js';
import { reasonMessages } from '../memberships/reason-messages.js';

type DenialRow = Omit<Tables['checkin_denials'], 'company_id' | 'last_four'> & { company_id?: string; last_four?: string | null };

/**
 * A refused check-in as the API shows it, one shape for the location's list (location-activity.ts)
 * and the `member.checkin_denied` event: the identifier's HMAC is never shown, only whether one was given.
 */
export function toCheckinDenial({ credential_hash, reasons, source, company_id: _company, last_four: _lastFour, ...row }: DenialRow): CheckinDenial {
  const codes = JSON.parse(reasons) as Reason[];
  return {
    ...row,
    reasons: codes,
    message: codes[0] === undefined ? '' : reasonMessages[codes[0]],
    identifier_presented: credential_hash !== null,
    source: source as CheckinDenial['source'],
  };
}

/**
 * Keeps a refused check-in in the audit trail, with its `member.checkin_denied` event in the same
 * transaction (a RecordedRefusal commits both). Every refusal path, door or class, writes through here.
 */
export async function recordCheckinDenial(db: Db, sql: Queryable, row: Tables['checkin_denials'], clock: Clock): Promise<void> {
  await sql.run(db.qb.insertInto('checkin_denials').values(row));
  await recordEvent(db, sql, { companyId: row.company_id, type: 'member.checkin_denied', locationId: row.location_id, data: toCheckinDenial(row) }, clock);
}
