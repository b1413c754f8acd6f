import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = new URL('../scripts/test-prerequisites.mjs', import.meta.url).pathname;

/** A PATH holding only node, so socat is missing whatever the machine has. */
function pathWithOnlyNode(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prereq-path-'));
  symlinkSync(process.execPath, join(dir, 'node'));
  return dir;
}

function runCheck(env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [script], { env, encoding: 'utf8' });
}

describe('npm test prerequisites', () => {
  it('names a missing Chromium in one line with how to get it, and fails', () => {
    const result = runCheck({ ...process.env, KIOSK_TEST_CHROMIUM: '/nonexistent/chromium' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^npm test cannot run: Chromium not found at \/nonexistent\/chromium .*apt-get install -y socat chromium libusb-1\.0-0/)]);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('names a missing socat', () => {
    const result = runCheck({ ...process.env, PATH: pathWithOnlyNode() });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^npm test cannot run: socat not found on PATH/m);
  });

  it('passes silently when everything is there (as on CI after .ci/run)', () => {
    const result = runCheck(process.env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
