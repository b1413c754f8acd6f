import { randomUUID } from 'node:crypto';
import { ApiError, type ClassCheckIn, type ClassSpotResult, type Reason } from '@studio/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/types.js';
import { RecordedRefusal } from '../../http/recorded-refusal.js';
import type { HandlerContext } from '../../http/route.js';
import type { AuthContext, LocationRow } from '../../plugins/auth.js';
import { toIso } from '../../clock/time.js';
import { checkinRules } from '../locations/settings.js';
import { reasonMessages } from '../members/reason-messages.js';
import { reportedCheckInTime } from '../members/reported-time.js';
import { evaluate, evaluateContact } from '../members/resolve.js';
import { spotResult } from './book.js';
import { judgeCheckinWindow } from './checkin-window.js';
import { liveSpot, lockContact, type AttendeeRow } from './class-repository.js';
import { consumeCredit } from './credit.js';
import { openSpotChange } from './spot-change.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;
type Body = z.output<typeof ClassCheckIn>;

/** The check-in alerts (docs/api-decisions.md, Members and check-in) are what can block a class check-in. */
const alertReasons = new Set<Reason>(['past_due', 'form_missing', 'no_card']);

/**
 * The alerts that block this spot's check-in, judged on the membership covering it, else the
 * contact's best membership; a contact with none can only be missing the form.
 */
async function blockingAlerts(db: Db, sql: Queryable, auth: AuthContext, location: LocationRow, spot: AttendeeRow, now: Date): Promise<Reason[]> {
  const evaluated = spot.membership_id ? await evaluate(db, sql, auth, location, spot.membership_id, now) : await evaluateContact(db, sql, auth, location, spot.contact_id, now);
  if (evaluated) return evaluated.decision.reasons.filter((reason) => alertReasons.has(reason));
  const contact = await sql.first(db.qb.selectFrom('contacts').select('form_signed_at').where('id', '=', spot.contact_id));
  return contact!.form_signed_at === null && checkinRules(location).checkin_alerts.form_missing === 'block' ? ['form_missing'] : [];
}

/**
 * Checks a booked contact in (docs/api-decisions.md, Classes): consumes the covering membership visit or
 * package credit once, as a visit of kind `class`; a second check-in answers the same result. A
 * blocking alert is refused with 422 `checkin_blocked` and kept in the check-in audit trail.
 * A kiosk reporting late sends `checked_in_at` (the real time, also what the alerts are judged at),
 * `source`, `device_id` and `offline`; unlike a facility visit an offline report is not forced in:
 * no door opened, so a refusal goes back to the device, which keeps it for staff. Like a facility
 * visit, an offline report from a clock running fast is recorded at the server's time.
 * Outside the location's check-in window a live check-in is refused with 422 `checkin_window`; an
 * offline report is recorded with the flag `outside_checkin_window` (checkin-window.ts).
 */
export async function checkInToClass(ctx: Ctx, classId: string, body: Body): Promise<ClassSpotResult> {
  const at = reportedCheckInTime(body.checked_in_at, Date.now(), body.offline === true).at.getTime();
  const atIso = toIso(at);
  return ctx.transaction(async (sql) => {
    const { db } = ctx;
    const { cls, location } = await openSpotChange(ctx, sql, classId, body.contact_id, { refuseCancelled: true });
    await lockContact(db, sql, body.contact_id);
    const spot = await liveSpot(db, sql, cls.id, body.contact_id);
    if (!spot) throw new ApiError('not_booked', 'This contact holds no spot in the class: book first.', { param: 'contact_id' });
    if (spot.status === 'checked_in') return spotResult(spot);

    const origin = { source: body.source, device_id: body.device_id ?? null, offline: body.offline === true };
    const flags = judgeCheckinWindow(cls, location, new Date(at), origin.offline);
    const blocked = await blockingAlerts(db, sql, ctx.auth, location, spot, new Date(at));
    if (blocked.length) {
      await sql.run(
        db.qb.insertInto('checkin_denials').values({
          id: randomUUID(),
          company_id: ctx.auth.companyId,
          location_id: location.id,
          membership_id: spot.membership_id,
          contact_id: spot.contact_id,
          credential_hash: null,
          reasons: JSON.stringify(blocked),
          source: origin.source,
          device_id: origin.device_id,
          attempted_at: toIso(Date.now()),
        }),
      );
      throw new RecordedRefusal('checkin_blocked', reasonMessages[blocked[0]!], { details: { reasons: blocked } });
    }
    const visitId = await consumeCredit(db, sql, { spot, cls, location, at, flags, origin });
    const updatedAt = toIso(Date.now());
    const checkedIn: AttendeeRow = { ...spot, status: 'checked_in', checked_in_at: atIso, visit_id: visitId, updated_at: updatedAt };
    await sql.run(db.qb.updateTable('class_attendees').set({ status: 'checked_in', checked_in_at: atIso, visit_id: visitId, updated_at: updatedAt }).where('id', '=', spot.id));
    return spotResult(checkedIn);
  });
}
