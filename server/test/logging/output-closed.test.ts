import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `studio-server serve | tee server.log`, the tee gone: the server stops as on SIGTERM (requests
 * finished, database closed) and exits, rather than run on with nobody reading (issue 30). A real
 * process, whose standard output pipe the test closes; at debug a request is the next line written.
 */
describe('studio-server serve whose standard output is closed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-output-closed-'));
  let studio: StudioProcess | null = null;
  afterEach(async () => {
    if (studio && studio.child.exitCode === null) studio.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 with its SQLite database closed', async () => {
    const database = join(dir, 'studio.db');
    studio = await startStudio('serve', database, 'debug');
    const exited = new Promise<number | null>((resolve) => studio!.child.once('exit', (code) => resolve(code)));
    studio.child.stdout!.destroy();
    // At debug the request's own line meets the closed pipe, unless a line the server wrote on its
    // own did first: then the server is already stopping, and may answer 503 or close the connection.
    const answer = await fetch(`${studio.base}/openapi.json`).then(
      (response) => response.status,
      () => 'connection closed',
    );
    expect([200, 503, 'connection closed']).toContain(answer);
    expect(await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))])).toBe(0);
    // SQLite removes the WAL file when its last connection closes cleanly.
    expect(existsSync(database)).toBe(true);
    expect(existsSync(`${database}-wal`)).toBe(false);
  });
});
