import { areaNamed } from './areas.mjs';

// One Stryker run per area (MUTATION_AREA, set by run.mjs); each keeps its own sandbox, report and
// incremental file, so areas can be re-run alone: `MUTATION_AREA=decoders npx stryker run mutation/stryker.config.mjs`.
const name = process.env.MUTATION_AREA;
const area = areaNamed(name);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'mutation/vitest.config.mjs' },
  mutate: area.mutate,
  // Per-test coverage: each mutant runs only the tests that reach it.
  coverageAnalysis: 'perTest',
  // The machine is shared; one worker keeps a run from starving everything else.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  timeoutMS: 3_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: `.stryker-tmp/${name}`,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  // The sandbox needs only the workspaces holding sources and tests (node_modules is linked).
  ignorePatterns: ['kiosk-ui', 'chaos', 'bench', 'docs', 'examples', 'data', 'reports', '*.db'],
  cleanTempDir: 'always',
};
