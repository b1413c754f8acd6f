import type { StudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import { failureCode, isServerAnswer, type ServerLink } from '../link/server-link.js';
import { doorNotOpened } from './gate-store.js';

/** The calls a refusal report makes: the check-in the server refuses, and a void should it not. */
export type RefusalServer = Pick<StudioClient['members'], 'checkIn' | 'voidVisit'>;

export interface RefusalReport {
  identifier: string;
  locationId: string;
  deviceId: string;
  /** The scan's key: a retried report is replayed by the server, so one scan is one denial. */
  idempotencyKey: string;
}

export type RefusalReportOutcome = 'recorded' | 'voided' | 'failed';

/** The whole report, retry included; it runs after the decision, so it delays no scan. */
export const refusalReportBudgetMs = 5_000;

/**
 * Tells the server about a scan it refused on its resolve's word (which records nothing), so the
 * refusal reaches `checkin_denials` and the front desk's Today feed like any refused check-in: the
 * same check-in request the gate would have made, by identifier, now refused and recorded by the
 * server's own rules. Best effort: one retry within its budget, never queued, and its outcome
 * never changes the gate's decision. The card number is sent as the resolve sent it, never logged.
 *
 * Should the member have become eligible since the resolve (a desk cleared a debt in between), the
 * server admits instead: the door stayed shut, so that visit is voided as a door that did not open.
 */
export async function reportRefusal(link: ServerLink<RefusalServer>, report: RefusalReport, logger: Logger): Promise<RefusalReportOutcome> {
  const call = link.within(refusalReportBudgetMs, { retries: 1 });
  // No checked_in_at: the server judges as of now, as the resolve did a moment ago.
  const body = { location_id: report.locationId, identifier: report.identifier, source: 'turnstile' as const, device_id: report.deviceId };
  let visitId: string;
  try {
    const { data: visit } = await call((o) => link.server.checkIn(body, { ...o, idempotencyKey: report.idempotencyKey }));
    visitId = visit.id;
  } catch (error) {
    const code = failureCode(error);
    if (isServerAnswer(error) && (code === 'checkin_blocked' || code === 'member_not_found')) return 'recorded';
    logger.warn({ code }, 'reporting a refused scan to the server failed; the front desk will not see it');
    return 'failed';
  }
  logger.warn({ visit_id: visitId }, 'the server admitted a scan the gate had refused (the member changed in between); voiding it: the door stayed shut');
  try {
    await call((o) => link.server.voidVisit(visitId, { reason: doorNotOpened }, o));
    return 'voided';
  } catch (error) {
    logger.error({ visit_id: visitId, code: failureCode(error) }, 'voiding a visit whose door stayed shut failed; staff should void it');
    return 'failed';
  }
}
