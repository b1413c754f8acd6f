// `node --import tsx testkit/src/web/readme-images.ts`: copies the README's chosen screenshots of the
// web app from the last browser test run (test-artifacts/web/) into docs/images/web/, where the
// README's "Running your studio" section shows them. Run the web app's e2e tests first.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { screenshotFile, staffViewports } from './screenshots.js';
import { repositoryRoot } from './web-app-build.js';

/** The pages the README and the guides show, each at the size a studio most often sees it. */
export const readmeScreenshots = [
  { name: 'today-refusals', viewport: staffViewports.desktop },
  { name: 'member-profile', viewport: staffViewports.desktop },
  { name: 'enrol-card', viewport: staffViewports.tablet },
  { name: 'developers', viewport: staffViewports.desktop },
  { name: 'classes-timetable', viewport: staffViewports.desktop },
  { name: 'appointments-day', viewport: staffViewports.desktop },
  { name: 'setup-locations', viewport: staffViewports.desktop },
  { name: 'devices-lost', viewport: staffViewports.desktop },
  { name: 'import-dry-run-problems', viewport: staffViewports.desktop },
  { name: 'webhooks-delivery-log', viewport: staffViewports.desktop },
  { name: 'webhooks-test-mode', viewport: staffViewports.tablet },
  { name: 'test-data-deleted', viewport: staffViewports.desktop },
  { name: 'webhooks-attempts', viewport: staffViewports.tablet },
  { name: 'webhooks-test-event', viewport: staffViewports.tablet },
  // docs/own-studio.md: the owner's first hour, in German.
  { name: 'first-hour-service', viewport: staffViewports.desktop },
  { name: 'first-hour-timetable', viewport: staffViewports.tablet },
  { name: 'first-hour-enrol', viewport: staffViewports.tablet },
  { name: 'first-hour-today', viewport: staffViewports.tablet },
] as const;

export const readmeImageDir = join(repositoryRoot, 'docs/images/web');

export function copyReadmeScreenshots(): string[] {
  mkdirSync(readmeImageDir, { recursive: true });
  const missing: string[] = [];
  for (const { name, viewport } of readmeScreenshots) {
    const from = screenshotFile(name, viewport);
    if (!existsSync(from)) {
      missing.push(from);
      continue;
    }
    copyFileSync(from, join(readmeImageDir, `${name}.png`));
  }
  return missing;
}

if (process.argv[1]?.endsWith('readme-images.ts')) {
  const missing = copyReadmeScreenshots();
  for (const file of missing) console.error(`not found: ${file} (run the web app's e2e tests first: npx vitest run --project web-app-e2e)`);
  process.exitCode = missing.length > 0 ? 1 : 0;
}
