import type { Direction, Passage } from './decision-log.js';

/** A grant's rows, written when its door opens or when it did not. */
export interface GrantWrites {
  /** The relay has the `on` command: the passage (and an offline visit) written durably; answers the decision's id. */
  opened(): number;
  /** The relay failed before the door opened: the decision kept as refused, nothing counted. */
  neverOpened(): void;
  /** The pulse failed after its `on` was written: the decision is no passage and its visit is undone (withdrawn or voided). */
  failedAfterOpening(decisionId: number): void;
}

/** What a grant not yet written holds: the passage for anti-passback and, offline, the visit it counts. */
export interface UnwrittenGrant {
  passageKey: string;
  direction: Direction;
  at: Date;
  /** The membership an offline visit counts against until its outbox row exists; null online. */
  offlineVisitOf: string | null;
}

/**
 * Grants decided but not yet written (their relay has not taken the `on` command): another lane's
 * decision meanwhile sees them as passages and as offline visits, as if already written.
 */
export class UnwrittenGrants {
  private readonly grants = new Set<UnwrittenGrant>();

  add(grant: UnwrittenGrant): void {
    this.grants.add(grant);
  }

  delete(grant: UnwrittenGrant): void {
    this.grants.delete(grant);
  }

  /** The latest of them under the key, if any: newer than any passage written. */
  lastPassage(passageKey: string): Passage | null {
    let last: Passage | null = null;
    for (const grant of this.grants) if (grant.passageKey === passageKey) last = { at: grant.at, direction: grant.direction };
    return last;
  }

  offlineVisitsOf(membershipId: string): number {
    let n = 0;
    for (const grant of this.grants) if (grant.offlineVisitOf === membershipId) n++;
    return n;
  }
}

/**
 * One grant's write, after the relay command rather than before it, so a crash or a power cut
 * between the two loses a visit (the member passed uncounted) and never charges one for a door
 * that did not open. `opened` writes once; a failed pulse undoes what was written, or writes the
 * refusal if nothing was.
 */
export class DoorGrant {
  private decisionId: number | null = null;
  private settled = false;

  constructor(
    private readonly writes: GrantWrites,
    private readonly unwritten: UnwrittenGrants,
    private readonly grant: UnwrittenGrant,
  ) {
    unwritten.add(grant);
  }

  /** Writes the grant, once; a second call (the pulse's end after its `on`) does nothing. Throws what the write throws. */
  opened(): void {
    if (this.settled) return;
    this.settled = true;
    this.unwritten.delete(this.grant);
    this.decisionId = this.writes.opened();
  }

  doorFailed(): void {
    this.unwritten.delete(this.grant);
    if (this.decisionId !== null) this.writes.failedAfterOpening(this.decisionId);
    else if (!this.settled) {
      this.settled = true;
      this.writes.neverOpened();
    }
  }
}
