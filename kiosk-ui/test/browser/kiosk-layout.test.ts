import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { KioskClass, LocationBranding } from '@studio/shared/kiosk';
import { drawLogo } from '@studio/testkit/kiosk/drawn-logo';
import { FakeLocalApi } from '@studio/testkit/kiosk/fake-local-api';
import { KioskPage, launchKioskBrowser } from '@studio/testkit/kiosk/kiosk-browser';
import { kioskFixture } from '@studio/testkit/kiosk/kiosk-fixture';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { de, en, es } from '../../src/renderer/i18n/catalogs.ts';

// The start screen's layout in Chromium on both shapes of screen, with 1, 4 and 12 classes, in the
// location's branding and language: screenshots for a person, and boxes measured for the test.
const artifactDir = fileURLToPath(new URL('../../../test-artifacts/kiosk/', import.meta.url));
const screens = { landscape: { width: 1920, height: 1080 }, portrait: { width: 1080, height: 1920 } } as const;
const accent = '#0b7285';

let browser: Browser;
let logo: string;
let api: FakeLocalApi | null = null;
let kiosk: KioskPage | null = null;

beforeAll(async () => {
  browser = await launchKioskBrowser();
  logo = await drawLogo(browser);
  await mkdir(artifactDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  expect(kiosk?.cspViolations).toEqual([]);
  expect(kiosk?.consoleErrors).toEqual([]);
  await kiosk?.close();
  kiosk = null;
  await api?.stop();
  api = null;
});

const names = [
  'Vinyasa Yoga',
  'Spin',
  'Mat Pilates',
  'Boxing',
  'Indoor Cycling Endurance',
  'Barre Sculpt',
  'Power Yoga',
  'Kettlebell Strength',
  'Aqua Fit',
  'Zumba',
  'Stretch & Restore',
  'HIIT Express',
];

/** `count` classes from now on: the first running, the second full, the fourth cancelled. */
function classes(count: number): KioskClass[] {
  const base = kioskFixture().classes.yoga;
  const start = new Date(base.start).getTime();
  return Array.from({ length: count }, (_, index) => {
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const capacity = 12 + index;
    const booked = index === 1 ? capacity : index % 5;
    return {
      ...base,
      id: crypto.randomUUID(),
      name: names[index % names.length]!,
      instructor: index % 3 === 2 ? null : ['Ana', 'Marco', 'Guadalupe'][index % 3]!,
      start: at(index * 20),
      end: at(index * 20 + 60),
      capacity,
      booked,
      spots_left: index === 3 ? 0 : capacity - booked,
      status: index === 3 ? 'cancelled' : 'scheduled',
    };
  });
}

async function openTimetable(count: number, shape: keyof typeof screens, language: LocationBranding['language']): Promise<KioskPage> {
  const fixture = kioskFixture();
  fixture.data.classes = classes(count);
  fixture.data.status = { ...fixture.data.status, branding: { logo, accent_colour: accent, language } };
  api = new FakeLocalApi(fixture.data);
  const url = await api.start();
  kiosk = await KioskPage.open(browser, url);
  await kiosk.page.setViewportSize(screens[shape]);
  await kiosk.onScreen('timetable');
  await kiosk.page.locator('.class-card').first().waitFor();
  // Two frames: the resize's layout is on screen.
  await kiosk.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  return kiosk;
}

interface Measured {
  overflowing: string[];
  titleLines: number;
  tiles: { left: number; top: number; right: number; bottom: number }[];
  viewport: { width: number; height: number };
  cardsCut: string[];
  struck: Record<string, string>;
  topBar: { background: string; color: string; logoShown: boolean };
  lang: string;
  text: string;
}

/** Boxes as the browser laid them out (a string: this file is typed for Node, without the DOM's globals). */
const measure = (page: KioskPage) =>
  page.page.evaluate<Measured>(`(() => {
    const words = 'main h1, .hint, .class-time, .class-name, .class-instructor, .class-spots, .tag, .top-bar .place, .top-bar .clock';
    const overflowing = [...document.querySelectorAll(words)]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.className + ': ' + el.textContent + ' (' + el.scrollWidth + 'x' + el.scrollHeight + ' in ' + el.clientWidth + 'x' + el.clientHeight + ')');
    const title = document.querySelector('main h1');
    const titleLines = Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight));
    const tiles = [...document.querySelectorAll('.class-grid > li')].map((li) => {
      const r = li.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
    const cardsCut = [...document.querySelectorAll('.class-card')]
      .filter((card) => card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1)
      .map((card) => card.textContent);
    const line = (selector) => { const el = document.querySelector(selector); return el ? getComputedStyle(el).textDecorationLine : 'absent'; };
    const struck = { card: line('.class-card.cancelled'), name: line('.class-card.cancelled .class-name'), time: line('.class-card.cancelled .class-time'), label: line('.class-card.cancelled .class-spots') };
    const bar = getComputedStyle(document.querySelector('.top-bar'));
    const logo = document.querySelector('.top-bar img.logo');
    return {
      overflowing, titleLines, tiles, cardsCut, struck,
      viewport: { width: innerWidth, height: innerHeight },
      topBar: { background: bar.backgroundColor, color: bar.color, logoShown: !!logo && !logo.hidden && logo.naturalWidth > 0 && logo.getBoundingClientRect().height > 0 },
      lang: document.documentElement.lang,
      text: document.body.innerText,
    };
  })()`);

const overlap = (a: Measured['tiles'][number], b: Measured['tiles'][number]) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

function expectWellLaidOut(measured: Measured, count: number): void {
  expect(measured.overflowing).toEqual([]);
  expect(measured.cardsCut).toEqual([]);
  expect(measured.titleLines).toBe(1);
  expect(measured.tiles).toHaveLength(count);
  const { width, height } = measured.viewport;
  for (const tile of measured.tiles) {
    expect(tile.left).toBeGreaterThanOrEqual(0);
    expect(tile.top).toBeGreaterThanOrEqual(0);
    expect(tile.right).toBeLessThanOrEqual(width);
    expect(tile.bottom).toBeLessThanOrEqual(height);
  }
  for (const [index, tile] of measured.tiles.entries()) for (const other of measured.tiles.slice(index + 1)) expect(overlap(tile, other)).toBe(false);
  // No large empty space: the tiles reach the bottom of the screen and cover most of it below the title.
  const bottom = Math.max(...measured.tiles.map((tile) => tile.bottom));
  const top = Math.min(...measured.tiles.map((tile) => tile.top));
  expect(height - bottom).toBeLessThan(60);
  const covered = measured.tiles.reduce((sum, tile) => sum + (tile.right - tile.left) * (tile.bottom - tile.top), 0);
  expect(covered / (width * (height - top))).toBeGreaterThan(0.75);
}

/** Words of the other catalog that must not show: longer phrases only, so names and times never match. */
const foreignPhrases = (shown: Record<string, string>, other: Record<string, string>) =>
  Object.entries(other)
    .filter(([key, value]) => value !== shown[key])
    .flatMap(([, value]) => value.split(/\{\w+\}/))
    .map((part) => part.trim())
    .filter((part) => part.length >= 8);

describe('the kiosk timetable layout in Chromium', () => {
  for (const shape of ['landscape', 'portrait'] as const) {
    for (const count of [1, 4, 12]) {
      it(`fills a ${shape} screen with ${count} class${count > 1 ? 'es' : ''}, nothing overflowing or overlapping`, async () => {
        const page = await openTimetable(count, shape, 'en');
        const { width, height } = screens[shape];
        await page.page.screenshot({ path: `${artifactDir}timetable-${count}-${width}x${height}.png` });
        const measured = await measure(page);
        expectWellLaidOut(measured, count);
        expect(measured.lang).toBe('en');
        expect(measured.topBar).toEqual({ background: 'rgb(11, 114, 133)', color: 'rgb(255, 255, 255)', logoShown: true });
        if (count >= 4) expect(measured.struck).toEqual({ card: 'none', name: 'line-through', time: 'line-through', label: 'none' });
        expect(await page.seriousAccessibilityViolations()).toEqual([]);
      });
    }
  }

  const spoken = [
    { language: 'es', name: 'Spanish', catalog: es, words: ['Cancelada', 'Completa', 'con Ana'] },
    { language: 'de', name: 'German', catalog: de, words: ['Abgesagt', 'Ausgebucht', 'mit Ana'] },
  ] as const;
  for (const { language, name, catalog, words } of spoken) {
    for (const shape of ['landscape', 'portrait'] as const) {
      it(`speaks ${name} for a ${name}-speaking location (${shape}), laid out as well`, async () => {
        const page = await openTimetable(12, shape, language);
        const { width, height } = screens[shape];
        await page.page.screenshot({ path: `${artifactDir}timetable-${language}-12-${width}x${height}.png` });
        const measured = await measure(page);
        expectWellLaidOut(measured, 12);
        expect(measured.lang).toBe(language);
        expect(await page.heading().textContent()).toBe(catalog['timetable.title']);
        for (const word of words) expect(measured.text).toContain(word);
        for (const phrase of foreignPhrases(catalog, en)) expect(measured.text, phrase).not.toContain(phrase);
        expect(await page.page.title()).toBe(catalog['page.title']);
        expect(await page.seriousAccessibilityViolations()).toEqual([]);
      });
    }
  }
});
