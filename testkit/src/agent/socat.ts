import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A pair of connected pseudo-terminals made by socat (docs/hardware.md §4.4): bytes written to `a` come
 * out of `b` and back. `a` and `b` are stable symlinks in a private temp dir, so `kill()` then
 * `start()` is an unplug/replug of the same "device path". ptys have no DTR/RTS/CTS (ENOTTY) and
 * ignore the baud rate. Needs the `socat` package (CI installs it); a missing socat fails loudly.
 *
 *   const pair = await startPtyPair();   // ... pair.a, pair.b ...
 *   await pair.kill(); await pair.start(); // replug
 *   await pair.close();                   // in afterEach/afterAll
 */
export interface PtyPair {
  readonly dir: string;
  readonly a: string;
  readonly b: string;
  /** Whether socat is running (the links exist). */
  readonly running: boolean;
  /** Starts socat on the same links; resolves once both exist and data flows. */
  start(): Promise<void>;
  /** Stops socat; resolves once it exited and its links are gone (the "unplug"). */
  kill(): Promise<void>;
  /** kill() then start(). */
  restart(): Promise<void>;
  /** kill() and remove the temp dir. */
  close(): Promise<void>;
}

const startTimeoutMs = 10_000;

export async function startPtyPair(name = 'pty'): Promise<PtyPair> {
  const dir = await mkdtemp(join(tmpdir(), `studio-${name}-`));
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  let child: ChildProcess | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (child) return reject(new Error('socat is already running'));
      const proc = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: ['ignore', 'ignore', 'pipe'] });
      child = proc;
      let stderr = '';
      let ready = false;
      const timer = setTimeout(() => fail(new Error(`socat did not start within ${startTimeoutMs} ms:\n${stderr}`)), startTimeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        proc.kill('SIGKILL');
        child = null;
        reject(error);
      };
      proc.once('error', (error: NodeJS.ErrnoException) =>
        fail(error.code === 'ENOENT' ? new Error('socat is not installed: the serial tests need it (apt-get install socat; docs/hardware.md §4.4)') : error),
      );
      proc.once('exit', (code) => {
        if (child === proc) child = null;
        fail(new Error(`socat exited with ${code}:\n${stderr}`));
      });
      // socat prints "starting data transfer loop" on stderr once both ptys are open (docs/hardware.md §4.4).
      proc.stderr?.on('data', (chunk: Buffer) => {
        if (ready) return;
        stderr += chunk.toString();
        if (stderr.includes('starting data transfer loop') && existsSync(a) && existsSync(b)) {
          ready = true;
          clearTimeout(timer);
          proc.removeAllListeners('exit');
          proc.once('exit', () => {
            if (child === proc) child = null;
          });
          resolve();
        }
      });
    });

  const kill = async () => {
    const proc = child;
    if (!proc) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    await exited;
    child = null;
    // socat removes its links on exit; wait until it has, so a reopen can't hit the old pty.
    for (let i = 0; i < 100 && (existsSync(a) || existsSync(b)); i += 1) await new Promise((r) => setTimeout(r, 10));
  };

  try {
    await start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    a,
    b,
    get running() {
      return child !== null;
    },
    start,
    kill,
    restart: async () => {
      await kill();
      await start();
    },
    close: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
