import type { StudioClient } from '@studio/shared/client';
import type { Logger } from 'pino';
import { failureCode, isServerAnswer, type ServerLink } from '../link/server-link.js';
import { doorNotOpened } from './gate-store.js';
import type { VisitOutbox, VoidOutcome } from './visit-outbox.js';

export interface VoidDeps {
  link: ServerLink<Pick<StudioClient['members'], 'voidVisit'>>;
  outbox: VisitOutbox;
  logger: Logger;
  now: () => Date;
}

/** Voids read per pass; their outcomes are written in one transaction. */
const waveSize = 128;
/** Each void may take this long. */
const voidBudgetMs = 10_000;

/**
 * Voids, on the server, the sent visits whose door never opened (issue 14, 4a), after the visits
 * themselves: a row voided here was delivered first. Voiding is idempotent on the server, so a
 * crash before the outcome is written only repeats a void. A refusal (the link's rule) is kept
 * (`void_state = 'rejected'`, the code in `last_error`) for staff, never retried; no answer stops
 * the pass (false: the caller backs off).
 */
export async function voidVisits(deps: VoidDeps): Promise<boolean> {
  const { link, outbox, logger: log } = deps;
  for (;;) {
    const rows = outbox.voidsDue(waveSize);
    if (rows.length === 0) return true;
    const outcomes: VoidOutcome[] = [];
    let answered = true;
    for (const row of rows) {
      try {
        await link.within(voidBudgetMs)((o) => link.server.voidVisit(row.visit_id!, { reason: doorNotOpened }, o));
        outcomes.push({ id: row.id, kind: 'done' });
        log.info({ outbox_id: row.id, visit_id: row.visit_id }, 'voided a visit whose door did not open');
      } catch (error) {
        const code = failureCode(error);
        if (!isServerAnswer(error)) {
          outcomes.push({ id: row.id, kind: 'retry', error: `${code}: ${(error as Error).message}` });
          answered = false;
          log.warn({ outbox_id: row.id, code }, 'voiding a visit failed; will retry');
          break;
        }
        outcomes.push({ id: row.id, kind: 'rejected', error: code });
        log.error({ outbox_id: row.id, visit_id: row.visit_id, code }, 'the server refused to void a visit whose door did not open; kept for staff');
      }
    }
    outbox.recordVoids(outcomes, deps.now());
    if (!answered) return false;
  }
}
