/**
 * Splits a line reader's byte stream into lines, each with the time its first byte arrived. Pure:
 * chunks and times in, lines out; the caller runs the idle timer on its clock and calls `flush()`.
 *
 * Why not a serialport parser: `ReadlineParser` ends lines on one fixed delimiter (a CR-only reader
 * on the LF setting held its scan until the next card's LF, 4.3 s later), `RegexParser` can split
 * on CR, LF or CR LF but cannot end a line on a gap, and `InterByteTimeoutParser` ends on a gap on
 * the real timers; none tells when a line began, which the scan's age needs.
 */

/** `any`: CR, LF and CR LF each end a line (empty lines between are dropped). */
export type LineEnding = 'any' | 'lf' | 'crlf' | 'cr';

export interface AssembledLine {
  text: string;
  /** Clock time of the chunk that carried the line's first byte. */
  startedAt: number;
}

/** Longer than any card line; past it the reader is sending something else (a wrong baud rate). */
export const maxLineLength = 256;

const CR = '\r';
const LF = '\n';

export class LineAssembler {
  private pending = '';
  private startedAt = 0;
  private overlong = false;

  constructor(private readonly ending: LineEnding) {}

  /** The complete lines this chunk ends, plus `overlong` once per line that outgrew `maxLineLength`. */
  push(chunk: Uint8Array, now: number): { lines: AssembledLine[]; overlong: number } {
    const lines: AssembledLine[] = [];
    let overlong = 0;
    // latin1: one char per byte, so a stray high byte (wrong baud) never merges with a line end.
    for (const char of Buffer.from(chunk).toString('latin1')) {
      if (this.pending === '') this.startedAt = now;
      this.pending += char;
      const ended = this.endOfLine();
      if (ended !== null) {
        const line = this.take(ended);
        if (line) lines.push(line);
      } else if (this.pending.length > maxLineLength) {
        // Dropped up to the next line end or gap: counted once, never kept growing.
        if (!this.overlong) overlong += 1;
        this.overlong = true;
        this.pending = '';
      }
    }
    return { lines, overlong };
  }

  /** Whether bytes are waiting for a line end (the idle timer then runs). */
  hasPending(): boolean {
    return this.pending !== '';
  }

  /** Ends the pending line after an idle gap: readers that print no line end, or one we do not wait for. */
  flush(): AssembledLine | null {
    return this.take(0);
  }

  /** How many trailing chars end the pending line, or null when it has not ended. */
  private endOfLine(): number | null {
    const last = this.pending.at(-1);
    switch (this.ending) {
      case 'any':
        return last === CR || last === LF ? 1 : null;
      case 'lf':
        return last === LF ? 1 : null;
      case 'cr':
        return last === CR ? 1 : null;
      case 'crlf':
        return this.pending.endsWith(CR + LF) ? 2 : null;
    }
  }

  private take(endLength: number): AssembledLine | null {
    const text = this.pending.slice(0, this.pending.length - endLength);
    const wasOverlong = this.overlong;
    this.pending = '';
    this.overlong = false;
    // An overlong line's tail is not a line of its own; blank lines are CR LF halves or keep-alives.
    if (wasOverlong || text.trim() === '') return null;
    return { text, startedAt: this.startedAt };
  }
}
