import type { AgentDatabase } from '../store/database.js';

export type Direction = 'in' | 'out';

/** One gate decision as kept on the box: the local audit trail and the anti-passback memory. */
export interface DecisionRecord {
  at: Date;
  laneId: string;
  readerId: string;
  /** A local digest of the identifier (see gate/credential-digest.ts), never the identifier. */
  credentialDigest: string;
  /**
   * Who passed, for anti-passback: the member (their contact) when known, whatever card or code
   * they showed and however a reader printed it; default the credential digest.
   */
  passageKey?: string;
  /** Default `in`. */
  direction?: Direction;
  membershipId: string | null;
  granted: boolean;
  reason: string | null;
  offline: boolean;
  idempotencyKey: string | null;
}

export interface Passage {
  at: Date;
  direction: Direction;
}

export class DecisionLog {
  private readonly statements;

  constructor(db: AgentDatabase) {
    this.statements = {
      insert: db.prepare(
        `insert into decisions (at, lane_id, reader_id, credential_digest, passage_key, direction, membership_id, granted, reason, offline, idempotency_key)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      // The latest passage recorded, not the latest time: after the clock steps back they differ.
      lastPassage: db.prepare<[string], { at: string; direction: Direction }>('select at, direction from decisions where passage_key = ? and granted = 1 order by id desc limit 1'),
      doorFailed: db.prepare('update decisions set granted = 0, reason = ? where id = ?'),
    };
  }

  /** Call inside the caller's transaction when it writes more (the offline grant's outbox row). Answers the row id. */
  add(record: DecisionRecord): number {
    return Number(
      this.statements.insert.run(
        record.at.toISOString(),
        record.laneId,
        record.readerId,
        record.credentialDigest,
        record.passageKey ?? record.credentialDigest,
        record.direction ?? 'in',
        record.membershipId,
        record.granted ? 1 : 0,
        record.reason,
        record.offline ? 1 : 0,
        record.idempotencyKey,
      ).lastInsertRowid,
    );
  }

  /** The member's (or credential's) latest passage through a lane, if any. */
  lastPassage(passageKey: string): Passage | null {
    const row = this.statements.lastPassage.get(passageKey);
    return row ? { at: new Date(row.at), direction: row.direction } : null;
  }

  /** A grant whose door did not open is no passage: anti-passback must not hold the member out. */
  doorFailed(id: number, reason: string): void {
    this.statements.doorFailed.run(reason, id);
  }
}
