#!/usr/bin/env node
// Bundles the commands the product ships (`studio`, `studio-server`, `studio-agent`) into
// JavaScript under each workspace's dist/, so they start without compiling TypeScript: one file per
// command plus chunks that a command loads only when it runs (esbuild's code splitting). Only the
// native modules stay outside the bundle, loaded from node_modules at run time.
import { rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Packages with compiled addons (or optional ones): required from node_modules at run time. */
const native = ['better-sqlite3', 'node-hid', 'serialport', '@serialport/*', 'pg-native', 'electron'];

/**
 * What each workspace ships: its dist/ folder and the entry points written there. A command that
 * imports a business starts `import-worker.js` from its own dist/ (server/src/modules/setup/import-job.ts).
 */
const commandBundles = [
  { workspace: 'server', entryPoints: { 'studio-server': 'src/cli/main.ts', 'import-worker': 'src/modules/setup/import-worker.ts' } },
  { workspace: 'agent', entryPoints: { 'studio-agent': 'src/main.ts', 'studio-agent-backup': 'src/store/backup-command.ts' } },
  { workspace: 'one-box', entryPoints: { studio: 'src/main.ts', 'import-worker': '../server/src/modules/setup/import-worker.ts' } },
];

/**
 * Zod's error messages come in 60-odd languages; the product's errors are English (the API's
 * envelope), so only Zod's English catalogue is bundled: a third less code for every command to
 * load.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: 'export { default as en } from "./en.js";', loader: 'js' }));
  },
};

// Bundled CommonJS packages call require(); an ES module has none, so each output file makes one.
const requireShim = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

async function bundle({ workspace, entryPoints }) {
  const dir = `${root}${workspace}/`;
  await rm(`${dir}dist`, { recursive: true, force: true });
  await build({
    absWorkingDir: dir,
    entryPoints,
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: native,
    banner: { js: requireShim },
    plugins: [zodEnglishOnly],
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    // Whitespace and syntax minified, names kept: a stack trace in a log still names its functions,
    // and the agent's code holds a few MB less (V8 keeps each script's source in the heap).
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** Builds every command; also vitest's globalSetup, so the commands a test runs are this source's. */
export default async function buildCommands() {
  await Promise.all(commandBundles.map(bundle));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildCommands();
  console.log(`commands built in ${Math.round(performance.now() - started)} ms: ${commandBundles.map((b) => `${b.workspace}/dist/`).join(', ')}`);
}
