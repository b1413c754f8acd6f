import { fileURLToPath } from 'node:url';

/**
 * Where `npm run build` writes the kiosk renderer (index.html, app.js, app.css), for whoever serves
 * it: the one-box gives this folder to its agent (`kiosk.renderer_dir`). Kept apart from the build
 * itself so that knowing the place loads no bundler.
 */
export const builtRendererDir = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

/** The command that writes it, from the repository root; named in errors about a missing build. */
export const rendererBuildCommand = 'npm run build';
