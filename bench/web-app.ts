// The staff web app (issue 17): the JavaScript a first visit downloads, gzipped, read from the build
// in web-app/dist (index.html's scripts and modulepreloads, and their static imports, never the
// lazily loaded chunks), and the first load of Today in Debian's Chromium against `studio serve` on
// SQLite on loopback: from navigation start to the feed's first row painted, median of N cold loads
// (a fresh browser context each time, signed in), beside a bare page painting the same list from a
// bare Node server (the browser's own floor); and, on an open Today, a check-in through the API to its
// row painted, pushed by the live stream. Targets: under 300 kB, under 1 s and under 1 s.
// `node --import tsx bench/web-app.ts [--quick]` runs it alone and prints its report section.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { webSeed } from '@studio/testkit/web/seed-business';
import { staffViewports } from '@studio/testkit/web/screenshots';
import { launchStaffBrowser, StaffPage } from '@studio/testkit/web/staff-page';
import { requireBuiltWebApp, webAppDistDir } from '@studio/testkit/web/web-app-build';
import { mintSetupLink, startSeededStudio, type SeededStudio } from '@studio/testkit/web/web-stack';
import type { Browser, BrowserContext } from 'playwright-core';

export const webTargets = { jsGzipKb: 300, firstLoadMs: 1000, liveRowMs: 1000 } as const;

export interface BundleFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface WebAppBundle {
  /** The JavaScript of the first load: entry scripts, modulepreloads and everything they import statically. */
  js: BundleFile[];
  css: BundleFile[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface WebAppResult {
  bundle: WebAppBundle;
  /** The scripts Chromium actually fetched to show Today (the route's lazy chunk included), from dist, gzipped. */
  todayScripts: BundleFile[];
  todayJsGzipBytes: number;
  loads: number;
  /** Navigation start to the first row of Today's feed painted, ms. */
  firstLoad: { p50: number; p95: number; max: number };
  /** The same measure for a bare page with the same list from a bare Node server. */
  floor: { p50: number; p95: number };
  /** Check-in attempts made at the location before measuring (visits and refusals for the feed). */
  feedRows: number;
  /** On an open Today: a check-in through the API sent, to its row painted (pushed by the stream), ms. */
  liveRow: { p50: number; p95: number; max: number; count: number };
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
export const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Static imports and re-exports of a (minified) ES module; `import(` (lazy chunks) is left out on purpose. */
export function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\bimport\s*(?:[\w$*{][^;'"()]*?\bfrom\s*)?(["'])([^"']+)\1/g)) found.push(match[2]!);
  for (const match of source.matchAll(/\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"']+)\1/g)) found.push(match[2]!);
  return found;
}

/** A URL of the page (`/app/assets/x.js`, `./assets/x.js`) as a file of dist, whatever base path Vite built with. */
export function fileOf(url: string, fromDir: string, dist: string): string | null {
  if (/^[a-z]+:/i.test(url)) return null;
  if (!url.startsWith('/')) return join(fromDir, url);
  const segments = url.split('/').filter(Boolean);
  for (let skip = 0; skip < segments.length; skip++) {
    const candidate = join(dist, ...segments.slice(skip));
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export const describeFile = (file: string, dist: string): BundleFile => ({ file: relative(dist, file), bytes: readFileSync(file).length, gzipBytes: gzipSize(file) });

export function measureBundle(dist = webAppDistDir): WebAppBundle {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  const entries: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src');
    if (src) entries.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (href && rel === 'modulepreload') entries.push(href);
    if (href && rel === 'stylesheet') styles.push(href);
  }
  const seen = new Set<string>();
  const pending = entries.map((url) => fileOf(url, dist, dist)).filter((file): file is string => file !== null);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const imported = fileOf(specifier, dirname(file), dist);
      if (imported?.endsWith('.js')) pending.push(imported);
    }
  }
  const describe = (file: string) => describeFile(file, dist);
  const js = [...seen].sort().map(describe);
  const css = styles
    .map((url) => fileOf(url, dist, dist))
    .filter((file): file is string => file !== null && existsSync(file))
    .map(describe);
  if (js.length === 0) throw new Error(`web app bench: index.html in ${dist} names no script`);
  return { js, css, jsGzipBytes: js.reduce((sum, f) => sum + f.gzipBytes, 0), cssGzipBytes: css.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/*
 * In the page, before any of its own code: when the first element matching `selector` appears, wait
 * for the next frame and a task after it (the frame is painted), and keep the time since navigation
 * start (performance.now() counts from it).
 */
const paintProbe = (selector: string) => `(() => {
  const first = () => document.querySelector(${JSON.stringify(selector)});
  const observer = new MutationObserver(() => {
    if (!first()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__firstPaintedAt = performance.now(); };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Today's feed: its list's first row. */
const feedRow = '[aria-label="Check-ins"] li, [aria-label="Check-ins"] [role="listitem"]';

export interface PaintLoad {
  /** What the load waits for: the first element matching it, painted. */
  selector: string;
  viewport: { width: number; height: number };
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  /** Filled with the paths of the scripts the page fetched. */
  scripts?: string[];
}

/** One cold load (a fresh browser context) of `url`: navigation start to the first `selector` painted, ms. */
export async function timeFirstPaint(browser: Browser, url: string, load: PaintLoad): Promise<number> {
  const context = await browser.newContext({ viewport: load.viewport, ...(load.storageState && { storageState: load.storageState }) });
  try {
    const page = await context.newPage();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') load.scripts?.push(new URL(request.url()).pathname);
    });
    await page.addInitScript(paintProbe(load.selector));
    await page.goto(url);
    // Polled through the debugger (waitForFunction would evaluate in the page, which its CSP forbids);
    // the time itself was taken in the page, so the polling's own delay is not in it.
    const deadline = performance.now() + 30_000;
    for (;;) {
      const painted = await page.evaluate<number | null>('window.__firstPaintedAt ?? null');
      if (painted !== null) return painted;
      if (performance.now() > deadline) throw new Error(`bench: ${url} painted no ${load.selector} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await context.close();
  }
}

const timeFirstRow = (browser: Browser, url: string, storageState?: PaintLoad['storageState'], scripts: string[] = []) =>
  timeFirstPaint(browser, url, { selector: feedRow, viewport: staffViewports.desktop, storageState, scripts });

const feedCards = [webSeed.northMember.card, webSeed.pastDue.card, webSeed.unknownCard];

/** A check-in attempt at North through the API: a visit or a refusal, each a row of Today's feed. */
type CheckInAttempt = (i: number) => Promise<void>;

async function checkInAttempts(studio: SeededStudio): Promise<CheckInAttempt> {
  const key = await studio.mintKey(['checkin:members'], studio.seed.locations.north, 'web bench');
  return async (i) => {
    const response = await fetch(`${studio.apiUrl}/members/check-in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ location_id: studio.seed.locations.north, identifier: feedCards[i % feedCards.length], source: 'api' }),
    });
    await response.arrayBuffer();
  };
}

/*
 * In the page, before any of its own code: the time (performance.now()) of every row added to the
 * list named "Check-ins", once the frame holding it is painted.
 */
const liveRowProbe = `(() => {
  window.__rowsPaintedAt = [];
  const isRow = (node) => node.nodeType === 1 && node.closest('[aria-label="Check-ins"]') && (node.matches('li, [role="listitem"]'));
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (!isRow(node)) continue;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => window.__rowsPaintedAt.push(performance.now());
          channel.port2.postMessage(null);
        });
        return;
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/**
 * Today open and live; each check-in through the API timed from just before it is sent (read on
 * the page's clock) to its row painted. One at a time, each after the last row showed.
 */
async function timeLiveRows(browser: Browser, url: string, storageState: Awaited<ReturnType<BrowserContext['storageState']>>, attempt: CheckInAttempt, count: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: staffViewports.desktop, storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript(liveRowProbe);
    await page.goto(url);
    await page.getByText(/(^|\W)Live$/).waitFor({ timeout: 30_000 });
    await page.evaluate('new Promise((resolve) => setTimeout(resolve, 500))');
    const times: number[] = [];
    for (let i = 0; i < count + 1; i++) {
      const before = await page.evaluate<number>('window.__rowsPaintedAt.length');
      const sentAt = await page.evaluate<number>('performance.now()');
      await attempt(i);
      const deadline = performance.now() + 30_000;
      for (;;) {
        const paintedAt = await page.evaluate<number | null>(`window.__rowsPaintedAt[${before}] ?? null`);
        if (paintedAt !== null) {
          // The first is a warm-up (the server's and the page's first pass over this path).
          if (i > 0) times.push(paintedAt - sentAt);
          break;
        }
        if (performance.now() > deadline) throw new Error('web app bench: a check-in through the API reached no row of Today within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    return times.sort((a, b) => a - b);
  } finally {
    await context.close();
  }
}

/** The browser's floor: the same list from a bare Node server, no app code. */
async function floorServer(): Promise<{ url: string; close(): Promise<void> }> {
  const rows = Array.from({ length: 30 }, (_, i) => `<li>Member ${i} Checked in</li>`).join('');
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Today</title><h1>Today</h1><ul aria-label="Check-ins">${rows}</ul>`),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function webAppBench(options: { loads: number }): Promise<WebAppResult> {
  requireBuiltWebApp();
  const bundle = measureBundle();
  const browser = await launchStaffBrowser();
  const studio = await startSeededStudio();
  const floor = await floorServer();
  try {
    const feedRows = 30;
    const attempt = await checkInAttempts(studio);
    // Visits and refusals, so Today has rows to draw (its list holds at most 50).
    for (let i = 0; i < feedRows; i++) await attempt(i);
    // The owner, set up once; every measured load starts a cold browser context holding that session.
    const owner = await StaffPage.open(browser, studio.origin);
    await owner.completeOwnerSetup(await mintSetupLink(studio), webSeed.owner);
    await owner.choose('Location', 'North');
    const session = await owner.context.storageState();
    await owner.close();
    const appUrl = `${studio.origin}/app/`;
    const floorUrl = floor.url;
    const loads: number[] = [];
    const floors: number[] = [];
    // One warm-up of each (the server's first answers, Chromium's own start), then the measured loads.
    const fetched: string[] = [];
    await timeFirstRow(browser, appUrl, session, fetched);
    await timeFirstRow(browser, floorUrl);
    const todayScripts = [...new Set(fetched)]
      .map((path) => fileOf(path, webAppDistDir, webAppDistDir))
      .filter((file): file is string => file !== null)
      .sort()
      .map((file) => describeFile(file, webAppDistDir));
    for (let i = 0; i < options.loads; i++) {
      loads.push(await timeFirstRow(browser, appUrl, session));
      floors.push(await timeFirstRow(browser, floorUrl));
    }
    loads.sort((a, b) => a - b);
    floors.sort((a, b) => a - b);
    const liveRows = await timeLiveRows(browser, appUrl, session, attempt, options.loads);
    return {
      bundle,
      todayScripts,
      todayJsGzipBytes: todayScripts.reduce((sum, f) => sum + f.gzipBytes, 0),
      loads: options.loads,
      firstLoad: { p50: median(loads), p95: percentile(loads, 0.95), max: loads.at(-1)! },
      floor: { p50: median(floors), p95: percentile(floors, 0.95) },
      feedRows,
      liveRow: { p50: median(liveRows), p95: percentile(liveRows, 0.95), max: liveRows.at(-1)!, count: liveRows.length },
    };
  } finally {
    await floor.close();
    await studio.close();
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function webAppLines(result: WebAppResult): string[] {
  const { bundle, firstLoad, floor } = result;
  return [
    '## Staff web app: first-load JavaScript and the first load of Today',
    '',
    `JavaScript of the first load (index.html's scripts and modulepreloads with their static imports; lazy chunks left out), gzip level 9: ${bundle.js.length} files, ${kb(bundle.jsGzipBytes)} kB (CSS ${kb(bundle.cssGzipBytes)} kB besides).`,
    '',
    '| file | bytes | gzipped bytes |',
    '|---|---:|---:|',
    ...bundle.js.map((f) => `| ${f.file} | ${f.bytes} | ${f.gzipBytes} |`),
    '',
    `The scripts Chromium fetched to show Today (the route's lazy chunks included): ${result.todayScripts.length} files, ${kb(result.todayJsGzipBytes)} kB gzipped (${result.todayScripts.map((f) => f.file).join(', ')}).`,
    '',
    `Today, signed in, after ${result.feedRows} check-in attempts at the location through the API (visits and refusals), Debian's Chromium headless at 1440 x 900, \`studio serve\` on SQLite on loopback, a cold browser context per load (${result.loads} loads): navigation start to the feed's first row painted.`,
    '',
    '| measure | value | target | ratio to the target |',
    '|---|---:|---:|---:|',
    `| first-load JavaScript, gzipped, kB | ${kb(bundle.jsGzipBytes)} | ${webTargets.jsGzipKb} | ${(bundle.jsGzipBytes / 1000 / webTargets.jsGzipKb).toFixed(2)} |`,
    `| JavaScript fetched to show Today, gzipped, kB | ${kb(result.todayJsGzipBytes)} | ${webTargets.jsGzipKb} | ${(result.todayJsGzipBytes / 1000 / webTargets.jsGzipKb).toFixed(2)} |`,
    `| Today's first load, median ms | ${firstLoad.p50.toFixed(0)} | ${webTargets.firstLoadMs} | ${(firstLoad.p50 / webTargets.firstLoadMs).toFixed(2)} |`,
    `| Today's first load, p95 / max ms | ${firstLoad.p95.toFixed(0)} / ${firstLoad.max.toFixed(0)} | | |`,
    `| a bare page with the same list (the browser's floor), median / p95 ms | ${floor.p50.toFixed(0)} / ${floor.p95.toFixed(0)} | | ${(firstLoad.p50 / floor.p50).toFixed(2)} × the floor |`,
    `| Today open: a check-in through the API to its row painted, median ms (${result.liveRow.count} check-ins) | ${result.liveRow.p50.toFixed(0)} | ${webTargets.liveRowMs} | ${(result.liveRow.p50 / webTargets.liveRowMs).toFixed(2)} |`,
    `| the same, p95 / max ms | ${result.liveRow.p95.toFixed(0)} / ${result.liveRow.max.toFixed(0)} | | |`,
    '',
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const result = await webAppBench({ loads: values.quick ? 5 : 21 });
  process.stdout.write(webAppLines(result).join('\n'));
}
