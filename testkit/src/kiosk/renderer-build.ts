import { buildRenderer } from '@studio/kiosk-ui/build-renderer';

/**
 * Vitest's globalSetup (vitest.config.ts): the kiosk renderer built once per run from the current
 * sources, before any test serves it (the agent's routes, the browser tests, the one-box).
 */
export default async function setup(): Promise<void> {
  await buildRenderer();
}
