import { EligibilityCache } from './cache.js';
import { databaseWritable, openAgentDatabase, type AgentDatabase } from './database.js';
import { DecisionLog, type DecisionRecord } from './decisions.js';
import { Outbox, type NewOutboxEntry } from './outbox.js';

/** The agent's one SQLite connection (one writer, hardware.md 5.2) and its three repositories. */
export class AgentStore {
  readonly cache: EligibilityCache;
  readonly outbox: Outbox;
  readonly decisions: DecisionLog;

  private constructor(readonly db: AgentDatabase) {
    this.cache = new EligibilityCache(db);
    this.outbox = new Outbox(db);
    this.decisions = new DecisionLog(db);
  }

  static open(path: string): AgentStore {
    return new AgentStore(openAgentDatabase(path));
  }

  /**
   * An offline grant: the decision and the visit to report are one transaction, so after any
   * crash either both exist or neither does (and the relay had not pulsed yet: it pulses after).
   * The pending outbox row is also what counts the visit against the member's allowance offline.
   */
  recordOfflineGrant(decision: DecisionRecord, visit: NewOutboxEntry): void {
    this.db.transaction(() => {
      this.decisions.add(decision);
      this.outbox.add(visit, decision.at);
    })();
  }

  writable(): boolean {
    return databaseWritable(this.db);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
