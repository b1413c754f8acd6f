/**
 * Same-card suppression per reader. RDM6300 modules repeat the frame continuously while a tag is in
 * the field (docs/hardware.md §1.2.1) and people tap twice, so the window is measured from the LAST time
 * the identifier was seen: a card held on the reader is one read, however long it stays.
 */
export class ReadDebouncer {
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** True when this identifier should be emitted now. */
  accept(identifier: string, now: number): boolean {
    this.prune(now);
    const previous = this.lastSeen.get(identifier);
    this.lastSeen.set(identifier, now);
    return previous === undefined;
  }

  clear(): void {
    this.lastSeen.clear();
  }

  // Bounded by the number of distinct cards in one window: a handful.
  private prune(now: number): void {
    for (const [identifier, seenAt] of this.lastSeen) {
      if (now - seenAt >= this.windowMs) this.lastSeen.delete(identifier);
    }
  }
}
