import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildParts, staleness, type BuildPart } from '../scripts/build-parts.mjs';

/** `npm start`'s prestart builds only what changed: the decision, on folders whose times the test sets. */
describe('whether a build part is stale', () => {
  const part: BuildPart = { name: 'app', command: ['true'], inputs: ['app/src', 'shared/src', 'package-lock.json'], outputs: ['app/dist'], finished: 'app/dist/index.js' };
  const built = new Date('2026-03-02T10:00:00Z');
  const before = new Date('2026-03-02T09:00:00Z');
  const after = new Date('2026-03-02T11:00:00Z');
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A file at `path` below the temp root, last modified `at`. */
  const file = (path: string, at: Date) => {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, path);
    utimesSync(full, at, at);
  };
  /** The state `npm ci` leaves: sources checked out, then everything built. */
  const freshCheckout = () => {
    root = mkdtempSync(join(tmpdir(), 'studio-build-'));
    file('app/src/main.ts', before);
    file('app/src/pages/today.tsx', before);
    file('shared/src/schema.ts', before);
    file('package-lock.json', before);
    file('app/dist/index.js', built);
    file('app/dist/chunks/page.js', built);
  };

  it('is up to date when everything it wrote is newer than everything it reads', () => {
    freshCheckout();
    expect(staleness(root, part)).toEqual({ stale: false, reason: null });
  });

  it('is stale when a source, deep or in another workspace, or the lock file changed after the build', () => {
    for (const changed of ['app/src/pages/today.tsx', 'shared/src/schema.ts', 'package-lock.json']) {
      freshCheckout();
      file(changed, after);
      expect(staleness(root, part)).toEqual({ stale: true, reason: `${changed} changed since it was built` });
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is stale when a source was added after the build, or changed in the second the build wrote', () => {
    freshCheckout();
    file('app/src/new-page.tsx', after);
    expect(staleness(root, part).stale).toBe(true);
    rmSync(root, { recursive: true, force: true });
    freshCheckout();
    file('app/src/main.ts', built);
    expect(staleness(root, part)).toEqual({ stale: true, reason: 'app/src/main.ts changed since it was built' });
  });

  it('judges by the oldest file written: a file left from an older build makes it stale', () => {
    freshCheckout();
    file('app/dist/chunks/old.js', before);
    file('app/src/main.ts', new Date('2026-03-02T09:30:00Z'));
    expect(staleness(root, part).stale).toBe(true);
  });

  it('is stale when it was never built or did not finish', () => {
    freshCheckout();
    rmSync(join(root, 'app/dist'), { recursive: true });
    expect(staleness(root, part)).toEqual({ stale: true, reason: 'not built yet' });
    mkdirSync(join(root, 'app/dist/chunks'), { recursive: true });
    file('app/dist/chunks/page.js', built);
    expect(staleness(root, part)).toEqual({ stale: true, reason: 'not built yet' });
  });
});

describe("the repository's build parts", () => {
  const repository = fileURLToPath(new URL('../', import.meta.url));

  it('read paths that exist and write every dist/ the product runs from', () => {
    for (const part of buildParts) for (const input of part.inputs) expect(existsSync(join(repository, input)), `${part.name}: ${input}`).toBe(true);
    expect(buildParts.flatMap((part) => part.outputs).sort()).toEqual(['agent/dist', 'kiosk-ui/dist/renderer', 'member-app/dist', 'one-box/dist', 'server/dist', 'web-app/dist']);
  });
});
