import type { AgentDatabase } from '../store/database.js';
import { DecisionLog, type DecisionRecord } from './decision-log.js';
import { PassSteps } from '../eligibility/pass-steps.js';
import { VisitOutbox, type NewOutboxEntry } from './visit-outbox.js';

/** Why a granted decision was undone: the relay did not open the door (the void's reason on the server too). */
export const doorNotOpened = 'door_not_opened';

/** The gate's tables (its decision log, its visit outbox, the phone passes' last steps) and the writes that must commit together. */
export class GateStore {
  readonly outbox: VisitOutbox;
  readonly decisions: DecisionLog;
  /** Phone passes: each member's last accepted step (the replay rule). */
  readonly passSteps: PassSteps;

  constructor(private readonly db: AgentDatabase) {
    this.outbox = new VisitOutbox(db);
    this.decisions = new DecisionLog(db);
    this.passSteps = new PassSteps(db);
  }

  /**
   * An offline grant, written once its relay has the `on` command: the decision and the visit to
   * report are one transaction, so after any crash either both exist or neither does. The pending
   * outbox row is also what counts the visit against the member's allowance offline.
   */
  recordOfflineGrant(decision: DecisionRecord, visit: NewOutboxEntry): number {
    return this.db.transaction(() => {
      const id = this.decisions.add(decision);
      this.outbox.add(visit, decision.at);
      return id;
    })();
  }

  /**
   * The relay failed before an offline grant was written: no visit, unless its online check-in
   * went unanswered and may stand on the server; then it is written, delivered and voided like any
   * visit whose door failed after it was written.
   */
  offlineDoorNeverOpened(decision: DecisionRecord, visit: NewOutboxEntry, at: Date): void {
    if (!visit.online_attempted) {
      this.decisions.add({ ...decision, granted: false, reason: doorNotOpened });
      return;
    }
    this.db.transaction(() => this.offlineDoorFailed(this.recordOfflineGrant(decision, visit), visit.idempotency_key, at))();
  }

  /**
   * The relay failed after an offline grant: the decision is no passage, and the visit is withdrawn
   * (the server never saw it) or, if it may have reached the server, voided there after delivery.
   */
  offlineDoorFailed(decisionId: number, idempotencyKey: string, at: Date): 'withdrawn' | 'voided' | 'none' {
    return this.db.transaction(() => {
      this.decisions.doorFailed(decisionId, doorNotOpened);
      return this.outbox.doorFailed(idempotencyKey, doorNotOpened, at);
    })();
  }

  /**
   * The relay failed before an online grant was written: the decision is kept as refused
   * (`door_not_opened`), and the visit the server recorded is voided through the outbox.
   */
  onlineDoorNeverOpened(decision: DecisionRecord, visit: NewOutboxEntry & { visit_id: string }, at: Date): void {
    this.db.transaction(() => {
      this.decisions.add({ ...decision, granted: false, reason: doorNotOpened });
      this.outbox.addVoid(visit, doorNotOpened, at);
    })();
  }

  /** The relay failed after an online grant: the decision is no passage, and the recorded visit is voided through the outbox. */
  onlineDoorFailed(decisionId: number, visit: NewOutboxEntry & { visit_id: string }, at: Date): void {
    this.db.transaction(() => {
      this.decisions.doorFailed(decisionId, doorNotOpened);
      this.outbox.addVoid(visit, doorNotOpened, at);
    })();
  }
}
