import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const memberApp = new URL('..', import.meta.url).pathname;
/**
 * A member's first load on a phone with poor signal: every script the first screen needs, gzipped.
 * React, React DOM and the translation runtime (i18next with ICU messages) are about 100 kB of it;
 * the rest of the budget is for the screens. Spanish and German catalogs load on demand.
 */
const firstLoadBudget = 150 * 1024;

let outDir = '';
let html = '';

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'member-app-build-'));
  // Vitest runs with NODE_ENV=test, which would bundle React's development build: measure what ships.
  const runnerEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root: memberApp, configFile: join(memberApp, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } }).finally(() => {
    process.env.NODE_ENV = runnerEnv;
  });
  html = readFileSync(join(outDir, 'index.html'), 'utf8');
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const gzipped = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;

describe("the built members' app", () => {
  it('is served from /m/ and loads its first screen under the JavaScript budget', () => {
    const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((src) => src.startsWith('/m/'))).toBe(true);
    const total = scripts.reduce((sum, src) => sum + gzipped(src.slice('/m/'.length)), 0);
    expect(total).toBeLessThan(firstLoadBudget);
  });

  it('is installable: a manifest for /m/ with 192 and 512 pixel PNG icons, and a service worker precaching the shell', () => {
    expect(html).toContain('<link rel="manifest" href="/m/manifest.webmanifest">');
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.webmanifest'), 'utf8')) as { scope: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest.scope).toBe('/m/');
    expect(manifest.start_url).toBe('/m/');
    expect(manifest.icons.map((icon) => [icon.sizes, icon.type])).toEqual([
      ['192x192', 'image/png'],
      ['512x512', 'image/png'],
    ]);
    for (const icon of manifest.icons)
      expect(
        readFileSync(join(outDir, icon.src.slice('/m/'.length)))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    const worker = readFileSync(join(outDir, 'sw.js'), 'utf8');
    expect(worker).toContain('index.html');
    for (const asset of readdirSync(join(outDir, 'assets'))) expect(worker, asset).toContain(`assets/${asset}`);
  });

  it('fetches nothing from another host and runs no inline script (the CSP allows none)', () => {
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  });
});
