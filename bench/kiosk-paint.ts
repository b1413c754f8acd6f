// Kiosk: the time from a scan at the kiosk's (simulated) reader in the agent to the answer painted
// in Chromium, p50/p95/p99, online and offline, beside the renderer alone painting an answer that a
// bare local API pushes (the same SSE, parse, render and frame, without the agent or the server).
// `node --import tsx bench/kiosk-paint.ts [--quick]` runs it alone and prints its report section.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildRenderer } from '@studio/kiosk-ui/build-renderer';
import type { KioskAnswer } from '@studio/shared/kiosk';
import { FakeLocalApi } from '@studio/testkit/kiosk/fake-local-api';
import { KioskPage, launchKioskBrowser } from '@studio/testkit/kiosk/kiosk-browser';
import { kioskFixture } from '@studio/testkit/kiosk/kiosk-fixture';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { classBuilder } from '@studio/testkit/server/classes';
import type { Browser, Page } from 'playwright-core';

export interface PaintLatency {
  mode: 'renderer alone (baseline)' | 'online' | 'offline';
  scans: number;
  p50: number;
  p95: number;
  p99: number;
  /** Of the same scans: the time until the agent had its answer (before the stream, the renderer and the frame). */
  decidedP50: number;
  decidedP95: number;
}

export interface KioskPaintResult {
  latencies: PaintLatency[];
  /** Half the shortest round trip that set the page's clock against this process's: the error bar of every figure. */
  clockUncertaintyMs: number;
  /** Console errors and CSP violations in the pages: 0 in a clean run. */
  pageErrors: number;
}

/** Epoch milliseconds with sub-millisecond resolution, as `performance.timeOrigin + performance.now()` in the page. */
const nowMs = () => performance.timeOrigin + performance.now();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

interface Timing {
  painted: number;
  decided: number;
}

function summarise(mode: PaintLatency['mode'], timings: Timing[]): PaintLatency {
  const painted = timings.map((t) => t.painted).sort((a, b) => a - b);
  const decided = timings.map((t) => t.decided).sort((a, b) => a - b);
  return {
    mode,
    scans: timings.length,
    p50: percentile(painted, 0.5),
    p95: percentile(painted, 0.95),
    p99: percentile(painted, 0.99),
    decidedP50: percentile(decided, 0.5),
    decidedP95: percentile(decided, 0.95),
  };
}

/*
 * In the page (through the debugger, so the page's CSP does not apply): each time the screen
 * becomes the answer, wait for the next frame, then a task after it (the frame has been painted by
 * then), and record the page's clock with the answer's title.
 */
const paintProbe = `(() => {
  const main = document.querySelector('main');
  const paints = [];
  let waiting = null;
  new MutationObserver(() => {
    if (main.dataset.screen !== 'answer') return;
    const title = main.querySelector('h1')?.textContent ?? '';
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        paints.push({ at: performance.timeOrigin + performance.now(), title });
        if (waiting && paints.length > waiting.n) { waiting.resolve(paints[waiting.n]); waiting = null; }
      };
      channel.port2.postMessage(null);
    });
  }).observe(main, { attributes: true, attributeFilter: ['data-screen'] });
  window.__answerPainted = (n) => new Promise((resolve) => {
    if (paints.length > n) resolve(paints[n]);
    else waiting = { n, resolve };
  });
})()`;

/** The page's clock minus this process's, from the evaluation with the shortest round trip. */
async function clockOffset(page: Page): Promise<{ offset: number; uncertainty: number }> {
  let best = { offset: 0, uncertainty: Infinity };
  for (let i = 0; i < 30; i++) {
    const before = nowMs();
    const inPage = await page.evaluate<number>('performance.timeOrigin + performance.now()');
    const after = nowMs();
    if ((after - before) / 2 < best.uncertainty) best = { offset: inPage - (before + after) / 2, uncertainty: (after - before) / 2 };
  }
  return best;
}

/** A kiosk page on its start screen with the probe installed; `measure` times one answer from `trigger` to paint. */
async function probedPage(browser: Browser, url: string) {
  // Long timings: the bench taps "Done" itself, so no timer changes the screen mid-measurement.
  const kiosk = await KioskPage.open(browser, url, { idle: 600, answer: 600 });
  await kiosk.onScreen('timetable');
  await kiosk.page.evaluate(paintProbe);
  const clock = await clockOffset(kiosk.page);
  let answers = 0;
  return {
    kiosk,
    clock,
    /** Runs `trigger` at t0: the milliseconds until it resolved (the answer decided) and until its answer (titled `expect`) was painted. */
    async measure(trigger: () => unknown, expect: string): Promise<Timing> {
      const painted = kiosk.page.evaluate<{ at: number; title: string }>(`window.__answerPainted(${answers++})`);
      const t0 = nowMs();
      await trigger();
      const decided = nowMs() - t0;
      const paint = await painted;
      if (!paint.title.includes(expect)) throw new Error(`kiosk bench: painted "${paint.title}", expected an answer for ${expect}`);
      const timing = { painted: paint.at - clock.offset - t0, decided };
      await kiosk.tapButton('Done');
      await kiosk.onScreen('timetable');
      return timing;
    },
  };
}

/** The renderer alone: a bare local API (the renderer tests' fake) pushes answers straight onto the stream. */
async function rendererAlone(browser: Browser, scans: number) {
  const fixture = kioskFixture();
  const api = new FakeLocalApi(fixture.data);
  const url = await api.start();
  const page = await probedPage(browser, url);
  try {
    const timings: Timing[] = [];
    for (let i = -1; i < scans; i++) {
      const firstName = `Base${i + 1}`;
      const answer: KioskAnswer = { outcome: 'checked_in', reason: null, first_name: firstName, class_id: null, class_name: 'Vinyasa Yoga', walk_in: false, offline: false };
      const timing = await page.measure(() => api.emitAnswer(answer), firstName);
      if (i >= 0) timings.push(timing); // the first one warms up
    }
    return { latency: summarise('renderer alone (baseline)', timings), page };
  } finally {
    await page.kiosk.close();
    await api.stop();
  }
}

/** Members booked into the stack's open class, one per scan (each scan a first check-in), with cards. */
async function bookMembers(stack: KioskStack, count: number): Promise<{ card: string; firstName: string }[]> {
  const { f, locationId } = stack.studio;
  const c = classBuilder(f);
  const classId = stack.seed.openClass.id;
  await f.db.run(
    f.db.qb
      .updateTable('classes')
      .set({ capacity: count + 10 })
      .where('id', '=', classId),
  );
  const members = [];
  for (let i = 0; i < count; i++) {
    const card = String(4_000_000_000 + i);
    const firstName = `Scan${i}`;
    const built = await c.member({ locationId, firstName, cards: [{ value: card }] });
    const booked = await c.book(classId, built.contactId);
    if (booked.status !== 201) throw new Error(`kiosk bench: booking failed: ${JSON.stringify(booked.body)}`);
    members.push({ card, firstName });
  }
  return members;
}

export async function kioskPaintBench(options: { scans: number }): Promise<KioskPaintResult> {
  // The renderer as the agent serves it: built once, from the current sources, before anything is timed.
  await buildRenderer();
  const browser = await launchKioskBrowser();
  // Jobs by hand: no background refresh or drain runs while a scan is timed.
  const stack = await startKioskStack({ jobs: 'manual', logLevel: 'warn' });
  const latencies: PaintLatency[] = [];
  let uncertainty = 0;
  let pageErrors = 0;
  try {
    process.stderr.write('kiosk: renderer alone\n');
    const baseline = await rendererAlone(browser, options.scans);
    latencies.push(baseline.latency);
    uncertainty = baseline.page.clock.uncertainty;
    pageErrors += baseline.page.kiosk.consoleErrors.length + baseline.page.kiosk.cspViolations.length;

    // The first scan of each mode warms up; every scan is a member's first check-in.
    const members = await bookMembers(stack, 2 * (options.scans + 1));
    await stack.syncNow();
    const page = await probedPage(browser, stack.kioskUrl);
    uncertainty = Math.max(uncertainty, page.clock.uncertainty);
    try {
      for (const mode of ['online', 'offline'] as const) {
        process.stderr.write(`kiosk: scan to paint, ${mode}\n`);
        if (mode === 'offline') await stack.stopServer();
        const mine = mode === 'online' ? members.slice(0, options.scans + 1) : members.slice(options.scans + 1);
        const timings: Timing[] = [];
        const scan = async (card: string) => {
          const answer = await stack.scan(card);
          if (answer?.outcome !== 'checked_in' || answer.offline !== (mode === 'offline')) throw new Error(`kiosk bench: a ${mode} scan answered ${JSON.stringify(answer)}`);
        };
        for (const [i, member] of mine.entries()) {
          const timing = await page.measure(() => scan(member.card), member.firstName);
          if (i > 0) timings.push(timing);
        }
        latencies.push(summarise(mode, timings));
      }
    } finally {
      pageErrors += page.kiosk.consoleErrors.length + page.kiosk.cspViolations.length;
      await page.kiosk.close();
    }
  } finally {
    await stack.close();
    await browser.close();
  }
  return { latencies, clockUncertaintyMs: uncertainty, pageErrors };
}

/** The report's section: each mode beside the renderer alone, as a difference and a ratio of p95s. */
export function kioskPaintLines(result: KioskPaintResult): string[] {
  const baseline = result.latencies.find((l) => l.mode === 'renderer alone (baseline)')!;
  return [
    '## Kiosk: scan to answer painted in Chromium',
    '',
    `From the card at the agent's simulated reader to the frame after the answer appears (real agent and server in one process, Debian's Chromium headless, 60 Hz frames). Clocks matched within ±${result.clockUncertaintyMs.toFixed(2)} ms; page errors: ${result.pageErrors}.`,
    '',
    '| mode | scans | p50 ms | p95 ms | p99 ms | p95 above the renderer alone, ms | p95 ratio | answer decided in the agent, p50 / p95 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...result.latencies.map(
      (l) =>
        `| ${l.mode} | ${l.scans} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} | ${l === baseline ? '' : (l.p95 - baseline.p95).toFixed(1)} | ${(l.p95 / baseline.p95).toFixed(2)} | ${l === baseline ? '' : `${l.decidedP50.toFixed(1)} / ${l.decidedP95.toFixed(1)}`} |`,
    ),
    '',
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const result = await kioskPaintBench({ scans: values.quick ? 30 : 200 });
  process.stdout.write(kioskPaintLines(result).join('\n'));
}
