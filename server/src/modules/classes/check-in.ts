import { randomUUID } from 'node:crypto';
import { ApiError, type ClassCheckIn, type ClassSpotResult, type Reason } from '@studio/shared';
import type { z } from 'zod';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { RecordedRefusal, transactionKeepingRefusals } from '../../domain/recorded-refusal.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { requireContactInReach } from '../locations/reach.js';
import type { LocationRow } from '../locations/lookup.js';
import { checkinRules } from '../locations/settings.js';
import { reasonMessages } from '../memberships/reason-messages.js';
import { recordEvent } from '../events/record.js';
import { recordCheckinDenial } from '../visits/checkin-denials.js';
import { reportedCheckInTime } from '../visits/reported-time.js';
import { checkInOrigin } from '../visits/checkin-claims.js';
import { evaluate, evaluateContact } from '../memberships/eligibility.js';
import { judgeCheckinWindow } from './checkin-window.js';
import { liveSpot, spotResult, type AttendeeRow } from './class-repository.js';
import { consumeCredit } from './credit.js';
import { openSpotChange } from './spot-change.js';

type Input = z.output<typeof ClassCheckIn>;

/** The check-in alerts (docs/api-decisions.md, Members and check-in) are what can block a class check-in. */
const alertReasons = new Set<Reason>(['past_due', 'form_missing', 'no_card']);

/**
 * The alerts that block this spot's check-in, judged on the membership covering it, else the
 * contact's best membership; a contact with none can only be missing the form.
 */
async function blockingAlerts(db: Db, sql: Queryable, actor: Actor, location: LocationRow, spot: AttendeeRow, now: Date): Promise<Reason[]> {
  const evaluated = spot.membership_id ? await evaluate(db, sql, actor, location, spot.membership_id, now) : await evaluateContact(db, sql, actor, location, spot.contact_id, now);
  if (evaluated) return evaluated.decision.reasons.filter((reason) => alertReasons.has(reason));
  const contact = await sql.first(db.qb.selectFrom('contacts').select('form_signed_at').where('id', '=', spot.contact_id));
  return contact!.form_signed_at === null && checkinRules(location).checkin_alerts.form_missing === 'block' ? ['form_missing'] : [];
}

/**
 * Checks a booked contact in (docs/api-decisions.md, Classes): consumes the covering membership visit or
 * package credit once, as a visit of kind `class`; a second check-in answers the same result. A
 * blocking alert is refused with 422 `checkin_blocked` and kept in the check-in audit trail.
 * What the request may claim is the caller's to say, as at the door (visits/checkin-claims.ts): a
 * kiosk's or turnstile's device key reports late with `checked_in_at` (the real time, also what the
 * alerts are judged at) and `offline`, under its own kind and device; anyone else checks in now as
 * itself (staff as `staff`, with their account on the visit), and a desk reader not at all. Unlike a facility visit an offline report is not forced in:
 * no door opened, so a refusal goes back to the device, which keeps it for staff. Like a facility
 * visit, an offline report from a clock running fast is recorded at the server's time.
 * Outside the location's check-in window a live check-in is refused with 422 `checkin_window`; an
 * offline report is recorded with the flag `outside_checkin_window` (checkin-window.ts).
 */
export async function checkInToClass(db: Db, actor: Actor, classId: string, input: Input, clock: Clock = systemClock): Promise<ClassSpotResult> {
  const claimed = checkInOrigin(actor, input, clock());
  await requireContactInReach(db, db, actor, input.contact_id, 'contact_id');
  const at = reportedCheckInTime(input.checked_in_at, clock(), input.offline === true).at.getTime();
  const atIso = toIso(at);
  return transactionKeepingRefusals(db, async (sql) => {
    const { cls, location } = await openSpotChange(db, sql, actor, classId, input.contact_id, { refuseCancelled: true });
    await lockRows(sql, { contact: input.contact_id });
    const spot = await liveSpot(db, sql, cls.id, input.contact_id);
    if (!spot) throw new ApiError('not_booked', 'This contact holds no spot in the class: book first.', { param: 'contact_id' });
    if (spot.status === 'checked_in') return spotResult(spot);

    const origin = { source: claimed.source, device_id: claimed.deviceId, offline: input.offline === true, staff_account_id: claimed.staffAccountId };
    const flags = judgeCheckinWindow(cls, location, new Date(at), origin.offline);
    const blocked = await blockingAlerts(db, sql, actor, location, spot, new Date(at));
    if (blocked.length) {
      await recordCheckinDenial(
        db,
        sql,
        {
          id: randomUUID(),
          company_id: actor.companyId,
          location_id: location.id,
          membership_id: spot.membership_id,
          contact_id: spot.contact_id,
          credential_hash: null,
          last_four: null,
          reasons: JSON.stringify(blocked),
          source: origin.source,
          device_id: origin.device_id,
          attempted_at: toIso(clock()),
        },
        clock,
      );
      throw new RecordedRefusal('checkin_blocked', reasonMessages[blocked[0]!], { details: { reasons: blocked } });
    }
    const visitId = await consumeCredit(db, sql, { spot, cls, location, at, flags, origin });
    const updatedAt = toIso(clock());
    const checkedIn: AttendeeRow = { ...spot, status: 'checked_in', checked_in_at: atIso, visit_id: visitId, updated_at: updatedAt };
    await sql.run(db.qb.updateTable('class_attendees').set({ status: 'checked_in', checked_in_at: atIso, visit_id: visitId, updated_at: updatedAt }).where('id', '=', spot.id));
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'class_attendee.checked_in', locationId: location.id, data: spotResult(checkedIn) }, clock);
    return spotResult(checkedIn);
  });
}
