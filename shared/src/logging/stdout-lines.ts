import { writeSync } from 'node:fs';

/** What a write to standard output fails with once nobody reads it: a closed pipe or socket, a hung-up terminal. */
const closedCodes = new Set(['EPIPE', 'ECONNRESET', 'EIO']);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Whether `error` says standard output's reader is gone. */
export function isOutputClosed(error: unknown): boolean {
  return closedCodes.has(String(codeOf(error)));
}

export interface StdoutLinesOptions {
  /** Called once, on the first write that finds the reader gone. */
  onClosed: () => void;
  /** Default 1. */
  fd?: number;
  /** Default `fs.writeSync`; a test passes its own. */
  write?: (fd: number, bytes: Uint8Array) => number;
  /** Bytes held while the reader is slow (EAGAIN); lines past them are dropped, and counted. Default 1 MiB. */
  maxPendingBytes?: number;
  /** How soon held bytes are tried again. Default 20 ms. */
  retryMs?: number;
  /** Epoch ms for the dropped-lines note; default Date.now. */
  now?: () => number;
}

export interface StdoutLines {
  write(line: string): void;
  /** One last try at what is held, never waiting: at exit. */
  flushSync(): void;
}

/**
 * JSON log lines to standard output, written at once, for the server's and the agent's pino. Not
 * pino's default destination (sonic-boom): that one swallows EPIPE, so a process whose output pipe
 * closed (`studio-agent ... | tee agent.log`, the tee gone) ran on unheard, and its exit-time flush
 * retried a write to the closed pipe every 100 ms for ever. Here the first write that finds the
 * reader gone calls `onClosed` (the process then stops as on SIGTERM) and every later line is
 * dropped. A slow reader (EAGAIN on a non-blocking pipe) never blocks the event loop: the rest is
 * held, up to `maxPendingBytes`, and tried again on a timer that keeps no process alive.
 */
export function stdoutLines(options: StdoutLinesOptions): StdoutLines {
  const { onClosed, fd = 1, write = (target, bytes) => writeSync(target, bytes), maxPendingBytes = 1 << 20, retryMs = 20, now = Date.now } = options;
  let closed = false;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;

  const close = () => {
    if (closed) return;
    closed = true;
    pending = [];
    pendingBytes = 0;
    if (timer) clearTimeout(timer);
    onClosed();
  };

  /** Writes what the fd takes now; false when it would block (the rest is left in `pending`). */
  const writePending = (): boolean => {
    while (pending.length > 0 && !closed) {
      const head = pending[0]!;
      let written: number;
      try {
        written = write(fd, head);
      } catch (error) {
        if (codeOf(error) === 'EAGAIN') return false;
        if (isOutputClosed(error)) close();
        // Any other failure loses this line only: logging never takes the process down.
        else dropLine();
        continue;
      }
      pendingBytes -= written;
      if (written >= head.length) pending.shift();
      else pending[0] = head.subarray(written);
    }
    return true;
  };

  const dropLine = () => {
    const head = pending.shift();
    if (head) pendingBytes -= head.length;
  };

  const noteDropped = () => {
    if (dropped === 0 || closed) return;
    const note = `${JSON.stringify({ level: 40, time: now(), event: 'log.dropped', lines: dropped, msg: `${dropped} log lines dropped: standard output was not read` })}\n`;
    dropped = 0;
    enqueue(Buffer.from(note));
  };

  const enqueue = (bytes: Buffer) => {
    pending.push(bytes);
    pendingBytes += bytes.length;
  };

  const drain = () => {
    timer = null;
    if (writePending()) noteDropped();
    if (pending.length > 0 && !closed) schedule();
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(drain, retryMs);
    timer.unref();
  };

  return {
    write(line) {
      if (closed) return;
      const bytes = Buffer.from(line);
      if (pending.length > 0 && pendingBytes + bytes.length > maxPendingBytes) {
        dropped += 1;
        return;
      }
      enqueue(bytes);
      if (timer) return;
      if (!writePending()) schedule();
    },
    flushSync() {
      if (!closed) writePending();
    },
  };
}
