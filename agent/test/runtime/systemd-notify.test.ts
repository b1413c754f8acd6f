import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSystemdNotify } from '../../src/runtime/systemd-notify.js';

/** A stand-in `systemd-notify` on PATH that appends its arguments to a file. */
describe('systemd notify and watchdog', () => {
  let temp: ReturnType<typeof tempDir>;
  let log: string;
  let path: string | undefined;
  let stop: () => Promise<void> = () => Promise.resolve();
  const env = { NOTIFY_SOCKET: '/run/systemd/notify', WATCHDOG_USEC: '2000000' };
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);

  beforeEach(() => {
    temp = tempDir();
    log = join(temp.dir, 'notify.log');
    const tool = join(temp.dir, 'systemd-notify');
    writeFileSync(tool, `#!/bin/sh\necho "$*" >> ${log}\n`);
    chmodSync(tool, 0o755);
    path = process.env.PATH;
    process.env.PATH = `${temp.dir}:${path}`;
  });
  afterEach(async () => {
    // Waits for the last message's tool to exit: it writes into the folder removed next.
    await stop();
    process.env.PATH = path;
    temp.remove();
  });

  it('does nothing without NOTIFY_SOCKET', () => {
    let checks = 0;
    stop = startSystemdNotify(() => ++checks > 0, pino({ level: 'silent' }), {});
    expect(checks).toBe(0);
  });

  it('sends READY=1, then WATCHDOG=1 while the liveness check passes', async () => {
    stop = startSystemdNotify(() => true, pino({ level: 'silent' }), env);
    await expect.poll(lines, { timeout: 10_000 }).toEqual(expect.arrayContaining([expect.stringContaining('READY=1'), expect.stringContaining('WATCHDOG=1')]));
    expect(lines()[0]).toContain(`--pid=${process.pid}`);
    // Stopping resolves once STOPPING=1 is handed over, not merely sent off.
    await stop();
    expect(lines().at(-1)).toContain('STOPPING=1');
    stop = () => Promise.resolve();
  });

  it('stops feeding the watchdog when the liveness check fails', async () => {
    let checks = 0;
    stop = startSystemdNotify(() => (checks++, false), pino({ level: 'silent' }), env);
    await expect.poll(() => checks, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(lines).toEqual([expect.stringContaining('READY=1')]);
    expect(lines().some((line) => line.includes('WATCHDOG=1'))).toBe(false);
  });
});
