import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repositoryRoot } from './web-app-build.js';

/** The two screens issue 17 names: a desktop browser and a front-desk tablet. */
export const staffViewports = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 1024, height: 768 },
} as const;
export type StaffViewport = (typeof staffViewports)[keyof typeof staffViewports];

/** Every page at both sizes, for a person to look at: gitignored, kept by CI as artifacts. */
export const webScreenshotDir = join(repositoryRoot, 'test-artifacts/web');

export const screenshotFile = (name: string, viewport: StaffViewport) => join(webScreenshotDir, `${name}-${viewport.width}x${viewport.height}.png`);

/**
 * Saves the page as it is now at 1440 x 900 and 1024 x 768 (`<name>-<width>x<height>.png`), then
 * puts the page's own size back. `check` runs at each size after the layout settled (axe, say).
 */
export async function screenshotBothSizes(page: Page, name: string, check?: (viewport: StaffViewport) => Promise<void>): Promise<void> {
  await mkdir(webScreenshotDir, { recursive: true });
  const original = page.viewportSize();
  try {
    for (const viewport of Object.values(staffViewports)) {
      await page.setViewportSize(viewport);
      // Two frames: the resize's layout and any transition it started are on screen.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      await check?.(viewport);
      await page.screenshot({ path: screenshotFile(name, viewport), animations: 'disabled', caret: 'hide' });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
