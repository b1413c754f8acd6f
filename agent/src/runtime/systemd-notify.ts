import { spawn } from 'node:child_process';
import type { Logger } from 'pino';

/**
 * sd_notify without a native addon: Node cannot open the AF_UNIX datagram socket itself
 * (docs/hardware.md §6.2), so each message is sent by the `systemd-notify` tool. A child's message is
 * only accepted with `NotifyAccess=all` and is attributed to us with `--pid`.
 *
 * READY=1 once started; then WATCHDOG=1 at half of WATCHDOG_USEC, but only when `alive()` says the
 * agent is well (the database takes a write): a wedged agent stops feeding and systemd restarts it.
 */
export function startSystemdNotify(alive: () => boolean, logger: Logger, env: NodeJS.ProcessEnv = process.env): () => void {
  if (!env.NOTIFY_SOCKET) return () => {};
  const send = (...messages: string[]) => {
    const child = spawn('systemd-notify', [`--pid=${process.pid}`, ...messages], { stdio: 'ignore' });
    child.on('error', (error) => logger.warn({ err: error }, 'systemd-notify failed'));
  };
  send('READY=1', 'STATUS=checking in');
  const watchdogUsec = Number(env.WATCHDOG_USEC);
  if (!Number.isFinite(watchdogUsec) || watchdogUsec <= 0) return () => send('STOPPING=1');
  const timer = setInterval(
    () => {
      if (alive()) send('WATCHDOG=1');
      else logger.error('liveness check failed (database not writable); not feeding the watchdog');
    },
    Math.max(1000, watchdogUsec / 2000),
  );
  return () => {
    clearInterval(timer);
    send('STOPPING=1');
  };
}
