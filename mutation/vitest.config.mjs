import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { areaNamed } from './areas.mjs';

// The tests of one mutation area (MUTATION_AREA, set by run.mjs), run from the repository root.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: areaNamed(process.env.MUTATION_AREA).tests,
    testTimeout: 30_000,
  },
});
