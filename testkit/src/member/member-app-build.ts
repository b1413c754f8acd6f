import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../web/web-app-build.js';

/** The members' app's workspace and its Vite build, which `studio serve` serves at `/m/`. */
export const memberAppDistDir = join(repositoryRoot, 'member-app', 'dist');

/**
 * Fails with what to do when the members' app has not been built: a browser test against a server
 * that answers "not built" for `/m/` would otherwise fail far from the cause. `npm ci` and
 * `npm run build` build it.
 */
export function requireBuiltMemberApp(): void {
  if (!existsSync(join(memberAppDistDir, 'index.html'))) {
    throw new Error(`the members' app is not built (${memberAppDistDir}/index.html is missing): run \`npm run build\` at the repository root (or \`npm run build -w member-app\`)`);
  }
}
