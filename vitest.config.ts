import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowProjectsFirst from './testkit/src/runner/slow-projects-first.js';

/**
 * Files that replace a module for themselves (`vi.mock`) need a module graph of their own; every
 * other file of a project that shares one (`isolate: false`) runs on modules already loaded.
 */
const ownModuleGraph = ['test/reliability/key-comparison.test.ts'];

// One runner, a project per workspace. Server tests open real databases (SQLite files and
// Postgres schemas), so they get generous timeouts; nothing here is a timing assertion.
export default defineConfig({
  test: {
    // Vitest's default is one file at a time on two cores. Most files here spend their time waiting on
    // processes, databases and a browser, so two at once keep both cores busy (CI is two cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Once per run, whichever projects run: the kiosk renderer built from the current sources, as
    // the agent serves it (the agent's kiosk routes, the browser tests and the one-box need it), and
    // the commands (`studio`, `studio-server`, `studio-agent`) that tests run as processes.
    globalSetup: ['./testkit/src/kiosk/renderer-build.ts', './scripts/build-commands.mjs'],
    // The browser, process and chaos projects first, so the longest files do not end the run alone.
    sequence: { sequencer: SlowProjectsFirst },
    projects: [
      // The repository as a whole: what `npm test` needs, and rules that span workspaces.
      // `isolate: false`: loading the server's modules again for every file was a sixth of the
      // run's time. Each file still opens its own databases, servers and clock; tests that fake
      // timers put the real ones back after themselves.
      { test: { name: 'repo', root: '.', include: ['test/**/*.test.ts'], isolate: false } },
      { test: { name: 'shared', root: './shared', include: ['test/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['test/**/*.test.ts'],
          exclude: ownModuleGraph,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-own-modules',
          root: './server',
          include: ownModuleGraph,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'agent',
          root: './agent',
          include: ['test/**/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // `npm start`: the API server, the agent and the kiosk in one process, run as real processes.
        test: {
          name: 'one-box',
          root: './one-box',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Fault injection (chaos/): the quick mode of `npm run chaos`, real processes and databases.
        test: {
          name: 'chaos',
          root: './chaos',
          include: ['test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The staff web app's logic (formatting, the fetch wrapper, the feed): plain functions, no browser.
        test: { name: 'web-app', root: './web-app', include: ['test/*.test.ts'], isolate: false },
      },
      {
        // The staff web app in Debian's Chromium against a real `studio serve` and simulated agents
        // (issue 17). Only test/e2e: the web app's own unit tests belong to another project.
        test: {
          name: 'web-app-e2e',
          root: './web-app',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The members' app's catalogs and bundle budget: no browser.
        test: { name: 'member-app', root: './member-app', include: ['test/*.test.ts'], isolate: false },
      },
      {
        // The members' app in Debian's Chromium at a phone's size against a real `studio serve`.
        test: {
          name: 'member-app-e2e',
          root: './member-app',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'kiosk-ui',
          root: './kiosk-ui',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
