import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `studio start | tee box.log` (or `npm start | ...`), the tee gone: the one-box stops as on
 * SIGTERM (the agent's relays off and its store closed, the server's requests finished and its
 * database closed) and exits (issue 30). A real process whose standard output pipe the test
 * closes; a card typed at the simulated turnstile is the next line written.
 */
describe('studio start whose standard output is closed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-box-output-closed-'));
  let studio: StudioProcess | null = null;
  afterEach(async () => {
    if (studio && studio.child.exitCode === null) studio.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 with the server database and the agent store closed', async () => {
    const data = join(dir, 'data');
    const database = join(data, 'studio.db');
    studio = await startStudio('start', database, 'info', { stdin: true, env: { STUDIO_AGENT_PORT: String(await freePort()) } });
    await expect.poll(() => studio!.output(), { timeout: 60_000, interval: 100 }).toContain('Front door (simulated turnstile)');
    const exited = new Promise<number | null>((resolve) => studio!.child.once('exit', (code) => resolve(code)));
    studio.child.stdout!.destroy();
    studio.child.stdin!.write('HF-1001\n');
    expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000))])).toBe(0);
    // SQLite removes the WAL file when its last connection closes cleanly.
    for (const file of [database, join(data, 'agent.db')]) {
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(`${file}-wal`), file).toBe(false);
    }
  });
});
