import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousViolations } from '../browser/accessibility.js';
import { repositoryRoot } from '../web/web-app-build.js';

/** A member's phone: the size the members' app is designed for first. */
export const phoneViewport = { width: 390, height: 844 } as const;

/** Every screen of the members' app, for a person to look at: gitignored, kept by CI as artifacts. */
export const memberScreenshotDir = join(repositoryRoot, 'test-artifacts/member');

/**
 * One member's phone: a fresh browser context (own cookies, storage and service worker) at 390 x 844
 * with touch, in `locale`, driven by roles and accessible names as the member reads the screen.
 */
export class MemberPhone {
  readonly pageErrors: string[] = [];
  /** Serious and critical axe findings of every `check()`, for the test to assert empty. */
  readonly accessibility: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly origin: string,
  ) {
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  static async open(browser: Browser, origin: string, locale = 'en-GB'): Promise<MemberPhone> {
    const context = await browser.newContext({ viewport: phoneViewport, hasTouch: true, isMobile: true, locale });
    return new MemberPhone(context, await context.newPage(), origin);
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path.startsWith('http') ? path : `${this.origin}${path}`);
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** Axe on the screen as it is, then a screenshot: `test-artifacts/member/<name>-390x844.png`. */
  async check(name: string): Promise<void> {
    await mkdir(memberScreenshotDir, { recursive: true });
    for (const line of await seriousViolations(this.page)) this.accessibility.push(`${name}: ${line}`);
    await this.page.screenshot({ path: join(memberScreenshotDir, `${name}-${phoneViewport.width}x${phoneViewport.height}.png`), animations: 'disabled', caret: 'hide', fullPage: true });
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
