import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { measureBundle, staticImports } from '../bench/web-app.js';

/** The bench's reading of a Vite build: what a first visit downloads, and nothing it loads later. */
describe("the web app bench's first-load JavaScript", () => {
  let dist = '';
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('reads static imports and re-exports of minified modules, not lazy ones', () => {
    expect(staticImports('import{a as r}from"./vendor-1.js";import"./side.js";export*from"./re.js";export{b}from\'./b.js\';const l=()=>import("./lazy.js");')).toEqual([
      './vendor-1.js',
      './side.js',
      './re.js',
      './b.js',
    ]);
  });

  it("follows index.html's script and modulepreloads through their imports, under the app's base path, and gzips each file", () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    const files = {
      'index.html':
        '<!doctype html><html><head><script type="module" crossorigin src="/app/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/app/assets/preloaded.js"><link rel="stylesheet" crossorigin href="/app/assets/index.css"></head><body><div id="root"></div></body></html>',
      'assets/index-abc.js': 'import{a as r}from"./vendor-1.js";import"./side.js";const lazy=()=>import("./lazy-9.js");r(lazy);',
      'assets/vendor-1.js': `export const a=(x)=>x;${'const filler="react";'.repeat(200)}`,
      'assets/side.js': 'export*from"./vendor-1.js";',
      'assets/preloaded.js': 'export const p=1;',
      'assets/lazy-9.js': `export const never=1;${'x'.repeat(5000)}`,
      'assets/index.css': 'body{margin:0}',
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dist, name), content);

    const bundle = measureBundle(dist);
    expect(bundle.js.map((f) => f.file)).toEqual(['assets/index-abc.js', 'assets/preloaded.js', 'assets/side.js', 'assets/vendor-1.js']);
    const vendor = bundle.js.find((f) => f.file === 'assets/vendor-1.js')!;
    expect(vendor).toEqual({ file: 'assets/vendor-1.js', bytes: files['assets/vendor-1.js'].length, gzipBytes: gzipSync(files['assets/vendor-1.js'], { level: 9 }).length });
    expect(bundle.jsGzipBytes).toBe(bundle.js.reduce((sum, f) => sum + f.gzipBytes, 0));
    expect(bundle.css.map((f) => f.file)).toEqual(['assets/index.css']);
  });
});
