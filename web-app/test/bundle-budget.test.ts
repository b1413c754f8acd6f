import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const webApp = new URL('..', import.meta.url).pathname;
/**
 * The desk's first load over a slow studio line: every script the first page needs, gzipped. Was
 * 300 kB before the app spoke three languages; the translation runtime (i18next with ICU messages,
 * about 35 kB) and the English catalogs are on every first page, the other languages load on demand.
 */
const firstLoadBudget = 360 * 1024;

let outDir = '';
let html = '';

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'web-app-build-'));
  await build({ root: webApp, configFile: join(webApp, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  html = readFileSync(join(outDir, 'index.html'), 'utf8');
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const gzipped = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;

describe('the built web app', () => {
  it('is served from /app/ and loads its first page under the JavaScript budget', () => {
    const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((src) => src.startsWith('/app/assets/'))).toBe(true);
    const total = scripts.reduce((sum, src) => sum + gzipped(src.slice('/app/'.length)), 0);
    expect(total).toBeLessThan(firstLoadBudget);
  });

  it('splits the rarely used pages off the first load', () => {
    const chunks = readdirSync(join(outDir, 'assets'));
    for (const page of ['Developers', 'Devices', 'Staff', 'Account', 'Setup']) {
      const chunk = chunks.find((name) => name.startsWith(`${page}-`));
      expect(chunk, page).toBeDefined();
      expect(html).not.toContain(chunk);
    }
  });

  it('fetches nothing from another host (a studio LAN may be offline): no CDN, no web font', () => {
    const assets = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.css'));
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const css of assets) expect(readFileSync(join(outDir, 'assets', css), 'utf8')).not.toMatch(/url\((['"]?)(https?:)?\/\//);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });
});
