import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { webSeed } from './seed-business.js';
import { answerForEachTest, launchStaffBrowser, StaffPage } from './staff-page.js';
import { startWebStack, type WebStack } from './web-stack.js';

/** What a browser test file works with: the stack, and the owner's page standing at North. */
export interface OwnerAtNorth {
  stack: WebStack;
  desk: StaffPage;
}

/**
 * Registers a test file's hooks: a real stack (its agents too when asked), the owner created through
 * the setup link and signed in at North; after each test, a failure screenshot and no page error or
 * accessibility finding left unasserted (taken, so each test answers for its own pages only).
 * The returned object is filled in once `beforeAll` has run.
 */
export function useOwnerAtNorth(options: { agents?: boolean } = {}): OwnerAtNorth {
  const world = {} as OwnerAtNorth;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [world.stack, browser] = await Promise.all([startWebStack(), launchStaffBrowser()]);
    if (options.agents) await world.stack.startAgents();
    world.desk = await StaffPage.open(browser, world.stack.origin);
    await world.desk.completeOwnerSetup(world.stack.setupLink, webSeed.owner);
    // Owners work everywhere: the desk of these tests stands at North.
    await world.desk.choose('Location', 'North');
  });
  afterAll(async () => {
    await world.desk?.close();
    await browser?.close();
    await world.stack?.close();
  });
  answerForEachTest(() => world.desk);
  return world;
}
