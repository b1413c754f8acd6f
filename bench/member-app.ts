// The members' app (issue 31): the JavaScript a first visit downloads, gzipped, read from the build in
// member-app/dist as the staff app's is (bench/web-app.ts), and the timetable's first paint in Debian's
// Chromium at a phone's size against `studio serve` on SQLite on loopback: from navigation start to
// the first class painted, median of N cold loads (a fresh browser context each time, no service
// worker yet, signed in), beside a bare page painting the same list from a bare Node server (the
// browser's own floor). Targets: under 150 kB and under 1 s.
// `node --import tsx bench/member-app.ts [--quick]` runs it alone and prints its report section.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { memberAppDistDir, requireBuiltMemberApp } from '@studio/testkit/member/member-app-build';
import { phoneViewport } from '@studio/testkit/member/member-phone';
import { signInCodeFor, startMemberMailbox, type MemberMailbox } from '@studio/testkit/member/sign-in-code';
import { launchStaffBrowser } from '@studio/testkit/web/staff-page';
import { startSeededStudio, type SeededStudio } from '@studio/testkit/web/web-stack';
import type { BrowserContext } from 'playwright-core';
import { measureBundle, median, percentile, timeFirstPaint, type WebAppBundle } from './web-app.js';

export const memberAppTargets = { jsGzipKb: 150, timetableMs: 1000 } as const;

export interface MemberAppResult {
  bundle: WebAppBundle;
  loads: number;
  /** Navigation start to the timetable's first class painted, ms. */
  timetable: { p50: number; p95: number; max: number };
  /** The same measure for a bare page with a list of classes from a bare Node server. */
  floor: { p50: number; p95: number };
}

/** The timetable's list of classes: its first one. */
const firstClass = 'ul.classes li';
/** Nora holds an active membership at North (testkit/src/web/seed-business.ts). */
const member = 'nora@example.com';

/** Nora's member session, signed in as the app does it (her code read from the SMTP server), as a browser's stored state. */
async function signedIn(origin: string, mailbox: MemberMailbox): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const post = (path: string, body: unknown) => fetch(`${origin}/m/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
  const asked = await post('/sign-in/code', { email: member, location: 'north' });
  if (asked.status !== 202) throw new Error(`members' app bench: asking for a code answered ${asked.status} ${await asked.text()}`);
  const { code } = await signInCodeFor(mailbox, member);
  const answer = await post('/sign-in', { email: member, code });
  const cookie = /studio_member=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
  if (!answer.ok || !cookie) throw new Error(`members' app bench: signing in answered ${answer.status} ${await answer.text()}`);
  const { hostname } = new URL(origin);
  return { cookies: [{ name: 'studio_member', value: cookie, domain: hostname, path: '/m/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] };
}

/**
 * A timetable to draw: a class every half hour from an hour on, at North, through the CLI as a studio
 * sets one up. The seeded location's zone is one where it is near noon now, so they fall on today there.
 */
async function scheduleClasses(studio: SeededStudio, count: number): Promise<void> {
  const { companyId, locations } = studio.seed;
  const run = async (args: string[]) => {
    const outcome = await studio.cli(args);
    if (outcome.code !== 0) throw new Error(`members' app bench: studio ${args.join(' ')}: ${outcome.stderr}`);
  };
  await run(['services', 'create', '--location', locations.north, '--name', 'Spin', '--kind', 'class', '--duration', '45', '--price-cents', '1500', '--company', companyId]);
  const halfHour = 30 * 60_000;
  const firstStart = Math.ceil((Date.now() + 2 * halfHour) / halfHour) * halfHour;
  for (let i = 0; i < count; i++) {
    await run(['classes', 'create', '--location', locations.north, '--service', 'Spin', '--start', new Date(firstStart + i * halfHour).toISOString(), '--capacity', '12']);
  }
}

async function floorServer(): Promise<{ url: string; close(): Promise<void> }> {
  const rows = Array.from({ length: 20 }, (_, i) => `<li>Class ${i} 18:00 5 spots left <button>Book</button></li>`).join('');
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Classes</title><h1>Classes</h1><ul class="classes">${rows}</ul>`),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function memberAppBench(options: { loads: number }): Promise<MemberAppResult> {
  requireBuiltMemberApp();
  const bundle = measureBundle(memberAppDistDir);
  const mailbox = await startMemberMailbox();
  const browser = await launchStaffBrowser();
  const studio = await startSeededStudio({ env: mailbox.env });
  const floor = await floorServer();
  try {
    await scheduleClasses(studio, 10);
    const storageState = await signedIn(studio.origin, mailbox);
    const appUrl = `${studio.origin}/m/classes`;
    const load = { selector: firstClass, viewport: phoneViewport, storageState };
    const bare = { selector: firstClass, viewport: phoneViewport };
    // One warm-up of each (the server's first answers, Chromium's own start), then the measured loads.
    await timeFirstPaint(browser, appUrl, load);
    await timeFirstPaint(browser, floor.url, bare);
    const loads: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < options.loads; i++) {
      loads.push(await timeFirstPaint(browser, appUrl, load));
      floors.push(await timeFirstPaint(browser, floor.url, bare));
    }
    loads.sort((a, b) => a - b);
    floors.sort((a, b) => a - b);
    return {
      bundle,
      loads: options.loads,
      timetable: { p50: median(loads), p95: percentile(loads, 0.95), max: loads.at(-1)! },
      floor: { p50: median(floors), p95: percentile(floors, 0.95) },
    };
  } finally {
    await floor.close();
    await studio.close();
    await browser.close();
    await mailbox.smtp.close();
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function memberAppLines(result: MemberAppResult): string[] {
  const { bundle, timetable, floor } = result;
  return [
    "## Members' app: first-load JavaScript and the timetable's first paint",
    '',
    `JavaScript of the first load (index.html's scripts and modulepreloads with their static imports; lazy chunks left out), gzip level 9: ${bundle.js.length} files, ${kb(bundle.jsGzipBytes)} kB (CSS ${kb(bundle.cssGzipBytes)} kB besides).`,
    '',
    `The timetable (\`/m/classes\`, 10 classes today), signed in, Debian's Chromium headless at ${phoneViewport.width} x ${phoneViewport.height}, \`studio serve\` on SQLite on loopback, a cold browser context per load with no service worker yet (${result.loads} loads): navigation start to the first class painted.`,
    '',
    '| measure | value | target | ratio to the target |',
    '|---|---:|---:|---:|',
    `| first-load JavaScript, gzipped, kB | ${kb(bundle.jsGzipBytes)} | ${memberAppTargets.jsGzipKb} | ${(bundle.jsGzipBytes / 1000 / memberAppTargets.jsGzipKb).toFixed(2)} |`,
    `| the timetable's first paint, median ms | ${timetable.p50.toFixed(0)} | ${memberAppTargets.timetableMs} | ${(timetable.p50 / memberAppTargets.timetableMs).toFixed(2)} |`,
    `| the same, p95 / max ms | ${timetable.p95.toFixed(0)} / ${timetable.max.toFixed(0)} | | |`,
    `| a bare page with a list of classes (the browser's floor), median / p95 ms | ${floor.p50.toFixed(0)} / ${floor.p95.toFixed(0)} | | ${(timetable.p50 / floor.p50).toFixed(2)} × the floor |`,
    '',
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const result = await memberAppBench({ loads: values.quick ? 5 : 21 });
  process.stdout.write(memberAppLines(result).join('\n'));
}
