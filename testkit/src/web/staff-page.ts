import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { launchKioskBrowser } from '../kiosk/kiosk-browser.js';
import { seriousViolations } from '../browser/accessibility.js';
import { screenshotBothSizes, staffViewports, webScreenshotDir, type StaffViewport } from './screenshots.js';

/** Debian's Chromium with the kiosk tests' flags (headless, no sandbox, no GPU, no background networking). */
export const launchStaffBrowser: () => Promise<Browser> = launchKioskBrowser;

/** How long a step may take on a loaded 2-core CI machine; nothing here asserts a duration. */
const stepTimeout = 15_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The field labelled exactly `label` in `scope`. A required field's label may end in an asterisk
 * the component library adds (hidden from screen readers, but part of the label's text), so that
 * is allowed and nothing else.
 */
export function labelled(scope: Locator | Page, label: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}\\s*\\*?\\s*$`));
}

/** Names of the web app's pages, as the UI label contract gives them (docs: the app shell's "Main" navigation). */
export type MainLink = 'Today' | 'Members' | 'Devices' | 'Developers' | 'Staff' | 'Account';

/**
 * One member of staff at their own browser: a fresh context (own cookies, own storage), driven only
 * by roles and accessible names (the UI label contract), so the tests read as the person works.
 */
export class StaffPage {
  /** Uncaught exceptions in the page; a clean run leaves it empty. (Console errors are not collected: a refused request logs one by design.) */
  readonly pageErrors: string[] = [];
  /** Serious and critical axe findings of every `check()`, prefixed with the page and size. */
  readonly accessibility: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly origin: string,
    private readonly checks: boolean,
  ) {
    page.setDefaultTimeout(stepTimeout);
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  /**
   * `checks: false` makes `check()` do nothing: for a flow a file runs again on another database,
   * whose pages were already checked and photographed the first time.
   */
  static async open(browser: Browser, origin: string, viewport: StaffViewport = staffViewports.desktop, options: { checks?: boolean; locale?: string } = {}): Promise<StaffPage> {
    // The browser's language is the one the pages speak before anyone has signed in (en-GB unless asked).
    const context = await browser.newContext({ viewport, locale: options.locale ?? 'en-GB' });
    return new StaffPage(context, await context.newPage(), origin, options.checks ?? true);
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  /** A path of the app (`/app/members`) or a full URL. */
  async goto(path: string): Promise<void> {
    await this.page.goto(path.startsWith('http') ? path : `${this.origin}${path}`);
  }

  get pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  heading(name: string | RegExp, level = 1): Locator {
    return this.page.getByRole('heading', { name, level });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** The first owner, through the one-time link the CLI printed. Ends on Today, signed in. */
  async completeOwnerSetup(link: string, owner: { email: string; name: string; password: string }): Promise<void> {
    await this.goto(link);
    await this.heading('Create the owner account').waitFor();
    await labelled(this.page, 'Email').fill(owner.email);
    await labelled(this.page, 'Your name').fill(owner.name);
    await labelled(this.page, 'Password').fill(owner.password);
    await this.button('Create owner account').click();
    // Setting the owner's password hashes it at full cost (scrypt, 128 MiB), then signs in: on two
    // cores busy with other browser suites this took over 15 s once, so this step alone gets 30.
    await this.heading('Today').waitFor({ timeout: 30_000 });
  }

  /** The one-time password link the Staff page shows after adding or resetting `name`; closes its dialog. */
  async takePasswordLink(name: string): Promise<string> {
    const shown = this.dialog(`One-time link for ${name}`);
    const link = await labelled(shown, 'One-time link').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    return link;
  }

  /** An invitation or reset link opened in this browser: the password chosen, and signed in. */
  async choosePassword(link: string, password: string): Promise<void> {
    await this.goto(link);
    await this.heading('Choose your password').waitFor();
    await labelled(this.page, 'New password').fill(password);
    await this.button('Save and sign in').click();
    await this.page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
  }

  async fillSignIn(email: string, password: string): Promise<void> {
    if (this.pathname !== '/app/sign-in') await this.goto('/app/sign-in');
    await this.heading('Sign in').waitFor();
    await labelled(this.page, 'Email').fill(email);
    await labelled(this.page, 'Password').fill(password);
    await this.button('Sign in').click();
  }

  /**
   * Signs in and waits for the signed-in shell: the app goes to the page that sent the person to
   * sign in, or Today.
   */
  async signIn(email: string, password: string): Promise<void> {
    await this.fillSignIn(email, password);
    await this.page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await this.heading('Sign in').waitFor();
  }

  mainNavigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  async open(link: MainLink): Promise<void> {
    await this.mainNavigation().getByRole('link', { name: link, exact: true }).click();
    await this.heading(link).waitFor();
  }

  /**
   * Picks `option` in the field labelled `label` (inside `scope`), whether the app renders a native
   * `<select>` or a combobox with a listbox of options: the contract names the field, not the widget.
   */
  async choose(label: string, option: string | RegExp, scope: Locator | Page = this.page, timeout = stepTimeout): Promise<void> {
    const field = labelled(scope, label);
    if ((await field.evaluate((element: { tagName: string }) => element.tagName)) === 'SELECT') {
      // The options may still be loading ("Loading plans…"): look again until the step's timeout.
      const matching = (options: string[]) => options.find((text) => (typeof option === 'string' ? text.trim() === option || text.trim().startsWith(option) : option.test(text)));
      const deadline = Date.now() + timeout;
      let options = await field.locator('option').allTextContents();
      while (matching(options) === undefined && Date.now() < deadline) {
        await this.page.waitForTimeout(100);
        options = await field.locator('option').allTextContents();
      }
      const match = matching(options);
      if (match === undefined) throw new Error(`"${label}" offers no option ${String(option)}: ${options.join(' | ')}`);
      await field.selectOption({ label: match });
      return;
    }
    await field.click();
    try {
      await this.page.getByRole('option', { name: option }).first().click({ timeout });
    } catch (error) {
      await this.page.keyboard.press('Escape');
      throw error;
    }
  }

  /** `choose`, retried until the option is offered (it may come from a scan still on its way). */
  async chooseWhenOffered(label: string, option: string, scope: Locator | Page, timeout = 20_000): Promise<void> {
    const deadline = performance.now() + timeout;
    for (;;) {
      try {
        return await this.choose(label, option, scope, 1000);
      } catch (error) {
        if (performance.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** Types into the header's member search; answers the results' locator (options of its listbox, or links). */
  async searchMembers(text: string): Promise<Locator> {
    const box = this.page.getByRole('banner').getByLabel('Search members');
    await box.fill(text);
    return this.page.getByRole('option');
  }

  /** Every cookie the browser would send to the app (the session's may be scoped to `/app`). */
  async appCookies(): Promise<Cookie[]> {
    return this.context.cookies(`${this.origin}/app/`);
  }

  /** The session cookies the server set (HttpOnly ones: a script can never read them). */
  async sessionCookies(): Promise<Cookie[]> {
    return (await this.appCookies()).filter((cookie) => cookie.httpOnly);
  }

  /** The page as it stands, when a test failed: `test-artifacts/web/failed-<name>.png`, for the person reading the failure. */
  async saveFailure(name: string): Promise<void> {
    await mkdir(webScreenshotDir, { recursive: true });
    const file = join(webScreenshotDir, `failed-${name.replace(/[^\w-]+/g, '-').slice(0, 80)}.png`);
    await this.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  }

  /**
   * Axe at both sizes and a screenshot at both sizes (`test-artifacts/web/<name>-<w>x<h>.png`);
   * serious or critical findings are added to `accessibility` for the test to assert empty. `show`
   * is scrolled into view at each size first, for a part of the page below the fold.
   */
  async check(name: string, options: { show?: Locator } = {}): Promise<void> {
    if (!this.checks) return;
    await screenshotBothSizes(this.page, name, async (viewport) => {
      for (const line of await seriousViolations(this.page)) this.accessibility.push(`${name} at ${viewport.width}x${viewport.height}: ${line}`);
      await options.show?.scrollIntoViewIfNeeded();
    });
  }
}

/**
 * Registers a test file's `afterEach` for the staff page it drives (`page()`, as it stands then): a
 * failed test leaves a screenshot of the page, and each test answers for its own page errors and
 * serious accessibility findings (both taken, so the next test starts clean). `more` runs after, for
 * a file's own checks of the same kind.
 */
export function answerForEachTest(page: () => StaffPage | undefined, more?: () => void | Promise<void>): void {
  afterEach(async ({ task }) => {
    const staff = page();
    if (staff) {
      if (task.result?.state === 'fail') await staff.saveFailure(task.name);
      expect(staff.pageErrors.splice(0)).toEqual([]);
      expect(staff.accessibility.splice(0)).toEqual([]);
    }
    await more?.();
  });
}
