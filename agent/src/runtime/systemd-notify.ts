import { spawn } from 'node:child_process';
import type { Logger } from 'pino';

/**
 * sd_notify without a native addon: Node cannot open the AF_UNIX datagram socket itself
 * (docs/hardware.md §6.2), so each message is sent by the `systemd-notify` tool. A child's message is
 * only accepted with `NotifyAccess=all` and is attributed to us with `--pid`.
 *
 * READY=1 once started; then WATCHDOG=1 at half of WATCHDOG_USEC, but only when `alive()` says the
 * agent is well (the database takes a write): a wedged agent stops feeding and systemd restarts it.
 * The function it answers stops, and resolves once every message sent has been handed over.
 */
export function startSystemdNotify(alive: () => boolean, logger: Logger, env: NodeJS.ProcessEnv = process.env): () => Promise<void> {
  if (!env.NOTIFY_SOCKET) return () => Promise.resolve();
  // The tools still running, so stopping can wait until the last message (STOPPING=1) is sent.
  const running = new Set<Promise<void>>();
  const send = (...messages: string[]) => {
    const child = spawn('systemd-notify', [`--pid=${process.pid}`, ...messages], { stdio: 'ignore' });
    const done = new Promise<void>((resolve) => {
      child.on('error', (error) => {
        logger.warn({ err: error }, 'systemd-notify failed');
        resolve();
      });
      child.on('close', () => resolve());
    });
    running.add(done);
    void done.then(() => running.delete(done));
  };
  const stopping = async () => {
    send('STOPPING=1');
    await Promise.all(running);
  };
  send('READY=1', 'STATUS=checking in');
  const watchdogUsec = Number(env.WATCHDOG_USEC);
  if (!Number.isFinite(watchdogUsec) || watchdogUsec <= 0) return stopping;
  const timer = setInterval(
    () => {
      if (alive()) send('WATCHDOG=1');
      else logger.error('liveness check failed (database not writable); not feeding the watchdog');
    },
    Math.max(1000, watchdogUsec / 2000),
  );
  return () => {
    clearInterval(timer);
    return stopping();
  };
}
