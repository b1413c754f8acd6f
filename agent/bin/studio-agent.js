#!/usr/bin/env node
// The `studio-agent` command: runs the JavaScript that `npm run build` bundles into dist/ (tsx is
// for development and tests only). `studio-agent backup FILE` copies the store, alongside a running
// agent; anything else runs the agent.
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with llhttp compiled to WebAssembly; V8's optimising tier compiles it at the
// first request with a ~35 MB burst and keeps ~12 MB. The baseline tier alone costs ~3 MB, and an
// agent's few requests a second do not need the faster parser. Set before any WebAssembly compiles.
setFlagsFromString('--liftoff-only');

const built = new URL(process.argv[2] === 'backup' ? '../dist/studio-agent-backup.js' : '../dist/studio-agent.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('studio-agent: not built yet: run `npm run build` at the repository root (npm ci runs it too)\n');
  process.exit(1);
}
await import(built.href);
