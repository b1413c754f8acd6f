// What `npm run build` makes, part by part, and whether a part must be made again: the decision
// behind `npm start`'s quick start (scripts/build.mjs --if-stale). Pure file-system reads, no build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Read by every part: a dependency's new version changes what a bundle holds. */
const everyPart = ['package-lock.json'];

/**
 * Each part: the command that makes it (from the repository root), what it reads (folders and
 * files; a bundle reads the workspaces it imports) and what it writes, with the file that shows the
 * build finished. Generous inputs cost a needless rebuild at worst; a missing one a stale product.
 */
export const buildParts = [
  {
    name: 'kiosk renderer',
    command: ['node', 'kiosk-ui/bin/build-renderer.js'],
    inputs: ['kiosk-ui/src', 'kiosk-ui/bin/build-renderer.js', 'kiosk-ui/package.json', 'shared/src', ...everyPart],
    outputs: ['kiosk-ui/dist/renderer'],
    finished: 'kiosk-ui/dist/renderer/index.html',
  },
  {
    name: 'web app',
    command: ['npm', 'run', 'build', '--silent', '-w', 'web-app', '--', '--logLevel', 'warn'],
    inputs: ['web-app/src', 'web-app/index.html', 'web-app/vite.config.ts', 'web-app/package.json', 'shared/src', ...everyPart],
    outputs: ['web-app/dist'],
    finished: 'web-app/dist/index.html',
  },
  {
    name: 'members app',
    command: ['npm', 'run', 'build', '--silent', '-w', 'member-app', '--', '--logLevel', 'warn'],
    inputs: ['member-app/src', 'member-app/public', 'member-app/index.html', 'member-app/vite.config.ts', 'member-app/package.json', 'shared/src', ...everyPart],
    outputs: ['member-app/dist'],
    finished: 'member-app/dist/index.html',
  },
  {
    name: 'commands',
    command: ['node', 'scripts/build-commands.mjs'],
    inputs: [...['shared', 'server', 'agent', 'kiosk-ui', 'one-box'].flatMap((workspace) => [`${workspace}/src`, `${workspace}/package.json`]), 'scripts/build-commands.mjs', ...everyPart],
    outputs: ['server/dist', 'agent/dist', 'one-box/dist'],
    finished: 'one-box/dist/studio.js',
  },
];

/** Every file below a path (the path itself when it is a file), with its modification time; none when it does not exist. */
function filesOf(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return [{ path, mtimeMs: stats.mtimeMs }];
  return readdirSync(path).flatMap((name) => filesOf(join(path, name)));
}

/**
 * Whether a part must be built again, and why: it never finished, or a file it reads is as new as
 * the oldest file it wrote (a build writes after it reads, so an equal time is a change it may have
 * missed). `reason` is null for a part that is up to date.
 */
export function staleness(root, part) {
  const written = part.outputs.map((output) => filesOf(join(root, output)));
  if (!existsSync(join(root, part.finished)) || written.some((files) => files.length === 0)) return { stale: true, reason: 'not built yet' };
  const oldestWritten = Math.min(...written.flat().map((file) => file.mtimeMs));
  const newer = part.inputs.flatMap((input) => filesOf(join(root, input))).find((file) => file.mtimeMs >= oldestWritten);
  return newer ? { stale: true, reason: `${newer.path.slice(root.length).replace(/^[\\/]/, '')} changed since it was built` } : { stale: false, reason: null };
}
