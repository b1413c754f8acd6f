import { defineConfig } from 'vitest/config';

// One runner, a project per workspace. Server tests open real databases (SQLite files and
// Postgres schemas), so they get generous timeouts; nothing here is a timing assertion.
export default defineConfig({
  test: {
    projects: [
      // The repository as a whole: what `npm test` needs, and rules that span workspaces.
      { test: { name: 'repo', root: '.', include: ['test/**/*.test.ts'] } },
      { test: { name: 'shared', root: './shared', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'agent',
          root: './agent',
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
