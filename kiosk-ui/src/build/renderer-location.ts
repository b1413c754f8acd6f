import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where `npm run build` writes the kiosk renderer (index.html, app.js, app.css), for whoever serves
 * it: the one-box gives this folder to its agent (`kiosk.renderer_dir`). Kept apart from the build
 * itself so that knowing the place loads no bundler. Found through the package, not this file's
 * place, so a command bundled elsewhere (one-box/dist/) finds it too.
 */
export const builtRendererDir = join(dirname(createRequire(import.meta.url).resolve('@studio/kiosk-ui/package.json')), 'dist/renderer/');

/** The command that writes it, from the repository root; named in errors about a missing build. */
export const rendererBuildCommand = 'npm run build';
