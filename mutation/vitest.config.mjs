import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { areaNamed } from './areas.mjs';

// The tests of one mutation area (MUTATION_AREA, set by run.mjs), run from the repository root.
const area = areaNamed(process.env.MUTATION_AREA);

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: area.tests,
    exclude: area.exclude ?? [],
    testTimeout: 30_000,
  },
});
