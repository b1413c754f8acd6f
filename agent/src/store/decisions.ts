import type { AgentDatabase } from './database.js';

/** One gate decision as kept on the box: the local audit trail and the anti-passback memory. */
export interface DecisionRecord {
  at: Date;
  laneId: string;
  readerId: string;
  /** A local digest of the identifier (see gate/credential-digest.ts), never the identifier. */
  credentialDigest: string;
  membershipId: string | null;
  granted: boolean;
  reason: string | null;
  offline: boolean;
  idempotencyKey: string | null;
}

export class DecisionLog {
  private readonly statements;

  constructor(db: AgentDatabase) {
    this.statements = {
      insert: db.prepare(
        `insert into decisions (at, lane_id, reader_id, credential_digest, membership_id, granted, reason, offline, idempotency_key)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      // The latest grant recorded, not the latest time: after the clock steps back they differ.
      lastGrant: db.prepare<[string], { at: string }>('select at from decisions where credential_digest = ? and granted = 1 order by id desc limit 1'),
    };
  }

  /** Call inside the caller's transaction when it writes more (the offline grant's outbox row). */
  add(record: DecisionRecord): void {
    this.statements.insert.run(
      record.at.toISOString(),
      record.laneId,
      record.readerId,
      record.credentialDigest,
      record.membershipId,
      record.granted ? 1 : 0,
      record.reason,
      record.offline ? 1 : 0,
      record.idempotencyKey,
    );
  }

  lastGrantAt(credentialDigest: string): Date | null {
    const at = this.statements.lastGrant.get(credentialDigest)?.at;
    return at ? new Date(at) : null;
  }
}
