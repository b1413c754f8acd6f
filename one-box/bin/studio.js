#!/usr/bin/env node
// The `studio` command: the server's commands and the one-box's `start`. Runs the JavaScript that
// `npm run build` bundles into dist/ (tsx is for development and tests only).
import { existsSync } from 'node:fs';

const built = new URL('../dist/studio.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('studio: not built yet: run `npm run build` at the repository root (npm ci runs it too)\n');
  process.exit(1);
}
await import(built.href);
