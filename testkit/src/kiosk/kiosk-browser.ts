import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { axeViolations, type AxeViolation } from '../browser/accessibility.js';
import { packageDir } from '../package-dir.js';

/** Debian's Chromium, installed by .ci/run; Playwright's own browser download is not reachable here. */
export const chromiumPath = process.env.KIOSK_TEST_CHROMIUM ?? '/usr/bin/chromium';

const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

/**
 * One browser per test file. Playwright gives every launch a fresh temporary profile (it refuses a
 * `--user-data-dir` argument to `launch()`), so no state leaks between runs.
 */
export function launchKioskBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs, timeout: 30_000 });
}

/** Screenshots of every screen, for a person to look at: kept with the kiosk's own test output. */
export const screenshotDir = join(packageDir('@studio/kiosk-ui'), 'test-results/screenshots');

/**
 * The kiosk page as a person uses it, whatever backend serves it (the fake local API here, the real
 * agent and server in the end-to-end suite): screens are found by `main[data-screen]`, names and
 * classes by their visible words.
 */
export class KioskPage {
  /** CSP violations and console errors since the page opened; a clean run leaves both empty. */
  readonly cspViolations: string[] = [];
  readonly consoleErrors: string[] = [];

  private constructor(readonly page: Page) {}

  /**
   * Opens the renderer at `url` (e.g. `http://127.0.0.1:PORT/kiosk/`) on a 1080p touch screen.
   * `timezoneId` sets the browser's own zone, to tell the location's zone apart from the kiosk's clock setting.
   */
  static async open(browser: Browser, url: string, timings: { idle?: number; answer?: number } = {}, timezoneId?: string): Promise<KioskPage> {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, hasTouch: true, locale: 'en-GB', ...(timezoneId && { timezoneId }) });
    const page = await context.newPage();
    const kiosk = new KioskPage(page);
    page.on('console', (message) => {
      if (message.type() === 'error') kiosk.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => kiosk.consoleErrors.push(error.message));
    await page.exposeFunction('__reportCspViolation', (text: string) => kiosk.cspViolations.push(text));
    // Init scripts run outside the page's CSP, so the listener is in place before any of its own code.
    await page.addInitScript("document.addEventListener('securitypolicyviolation', (event) => window.__reportCspViolation(event.violatedDirective + ' ' + event.blockedURI));");
    const query = new URLSearchParams();
    if (timings.idle !== undefined) query.set('idle', String(timings.idle));
    if (timings.answer !== undefined) query.set('answer', String(timings.answer));
    await page.goto(query.size > 0 ? `${url}?${query}` : url);
    return kiosk;
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }

  /** Waits until `name` is the screen on show. */
  async onScreen(name: 'timetable' | 'roster' | 'walk-in' | 'answer' | 'problem', timeout = 10_000): Promise<void> {
    await this.page.locator(`main[data-screen="${name}"]`).waitFor({ timeout });
  }

  heading() {
    return this.page.locator('main h1');
  }

  classCard(name: string) {
    return this.page.locator('.class-card', { hasText: name });
  }

  /** A class by its id, for timetables where two classes share a name. */
  classCardById(classId: string) {
    return this.page.locator(`.class-card[data-class-id="${classId}"]`);
  }

  nameTile(displayName: string) {
    return this.page.locator('.name-tile', { hasText: displayName });
  }

  offlineBadge() {
    return this.page.locator('.offline-badge');
  }

  async tap(locator: ReturnType<Page['locator']>): Promise<void> {
    await locator.tap();
  }

  async tapButton(name: string | RegExp): Promise<void> {
    await this.page.getByRole('button', { name }).tap();
  }

  async answer(): Promise<{ tone: string | null; title: string }> {
    await this.onScreen('answer');
    const section = this.page.locator('main section.answer');
    return { tone: await section.getAttribute('data-tone'), title: (await this.heading().textContent()) ?? '' };
  }

  async screenshot(name: string): Promise<void> {
    await mkdir(screenshotDir, { recursive: true });
    await this.page.screenshot({ path: join(screenshotDir, `${name}.png`) });
  }

  /** axe-core's violations in the page as it is now. */
  accessibilityViolations(): Promise<AxeViolation[]> {
    return axeViolations(this.page);
  }

  async seriousAccessibilityViolations(): Promise<AxeViolation[]> {
    return (await this.accessibilityViolations()).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  }
}
