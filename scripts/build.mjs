#!/usr/bin/env node
// `npm run build`: the kiosk renderer, the web app, the members' app and the commands, one after another.
// `--if-stale` (`npm start`'s prestart): only the parts whose sources changed since they were
// built, so a start right after `npm ci` (which built everything) starts at once.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildParts, staleness } from './build-parts.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const ifStale = process.argv.includes('--if-stale');

const upToDate = [];
for (const part of buildParts) {
  if (ifStale) {
    const { stale, reason } = staleness(root, part);
    if (!stale) {
      upToDate.push(part.name);
      continue;
    }
    console.log(`build: ${part.name}: ${reason}: building it`);
  }
  const [command, ...args] = part.command;
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (run.error) throw run.error;
  if (run.status !== 0) process.exit(run.status ?? 1);
}
if (upToDate.length > 0) console.log(`build: up to date, not built again: ${upToDate.join(', ')}`);
