import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, three folders above this one (testkit/src/web). */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The staff web app's workspace and its Vite build, which `studio serve` serves at `/app/`. */
export const webAppDir = join(repositoryRoot, 'web-app');
export const webAppDistDir = join(webAppDir, 'dist');

/**
 * Fails with what to do when the web app has not been built: a browser test against a server that
 * answers 404 for `/app/` would otherwise fail far from the cause. `npm ci` and `npm run build` build it.
 */
export function requireBuiltWebApp(): void {
  if (!existsSync(join(webAppDistDir, 'index.html'))) {
    throw new Error(`the web app is not built (${webAppDistDir}/index.html is missing): run \`npm run build\` at the repository root`);
  }
}
