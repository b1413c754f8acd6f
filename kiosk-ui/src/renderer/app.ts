import { defaultBranding, type KioskAnswer, type KioskAttendee, type KioskClass, type KioskStatus } from '@studio/shared/kiosk';
import { KioskApiError } from '../local-api/errors.js';
import type { KioskBackend } from './backend/backend.js';
import { applyBranding } from './components/branding.js';
import { gridColumns } from './components/grid-layout.js';
import { TopBar } from './components/top-bar.js';
import type { KioskTimings } from './config.js';
import { h } from './components/dom.js';
import { timeFormatter, type TimeFormatter } from './i18n/format.js';
import { wordsForAnswer } from './i18n/messages.js';
import { wordsFor, type Words } from './i18n/words.js';
import { answerScreen } from './screens/answer.js';
import { problemScreen } from './screens/problem.js';
import { rosterScreen } from './screens/roster.js';
import { timetableScreen } from './screens/timetable.js';
import { walkInScreen } from './screens/walk-in.js';
import { ScreenTimer } from './screen-timer.js';

export type Screen =
  | { name: 'timetable' }
  | { name: 'roster'; classId: string }
  | { name: 'walk-in'; item: KioskClass }
  | { name: 'answer'; answer: KioskAnswer; back: Screen }
  | { name: 'problem'; code: string; retry: Screen };

const home: Screen = { name: 'timetable' };

export interface KioskAppOptions {
  backend: KioskBackend;
  root: HTMLElement;
  timings: KioskTimings;
}

/**
 * The kiosk's screens and the moves between them. Every screen but the start screen returns to it
 * when nobody touches the kiosk; a scan's answer may arrive on any screen and is shown at once.
 */
export class KioskApp {
  private readonly backend: KioskBackend;
  private readonly topBar = new TopBar();
  private readonly main = h('main', { id: 'screen' });
  private readonly timer = new ScreenTimer();
  private status: KioskStatus | null = null;
  private words: Words = wordsFor(defaultBranding.language);
  private format: TimeFormatter = timeFormatter('UTC', this.words);
  private screen: Screen = home;
  /** Only the latest navigation may render: a slow load must not cover a newer screen. */
  private navigation = 0;
  private scanTarget: string | null = null;
  private busy = false;
  private unsubscribe: (() => void) | null = null;
  private clock: ReturnType<typeof setInterval> | null = null;
  private readonly onTouch = () => this.timer.touched();
  private readonly onResize = () => this.fitGrid();

  constructor(private readonly options: KioskAppOptions) {
    this.backend = options.backend;
  }

  async start(): Promise<void> {
    this.options.root.replaceChildren(this.topBar.element, this.main);
    document.addEventListener('pointerdown', this.onTouch, { capture: true });
    window.addEventListener('resize', this.onResize);
    this.clock = setInterval(() => this.topBar.setClock(this.format, new Date()), 15_000);
    this.unsubscribe = this.backend.subscribe({
      answer: (answer) => this.showAnswer(answer),
      status: (status) => this.applyStatus(status),
      invalid: (error) => console.warn(error.message),
    });
    await this.show(home);
  }

  stop(): void {
    this.timer.clear();
    this.unsubscribe?.();
    if (this.clock) clearInterval(this.clock);
    document.removeEventListener('pointerdown', this.onTouch, { capture: true });
    window.removeEventListener('resize', this.onResize);
  }

  /** The location's name, zone and branding: the words and the look of every screen from now on. */
  private applyStatus(status: KioskStatus): void {
    const relabel = this.status !== null && this.status.branding.language !== status.branding.language;
    this.status = status;
    this.words = wordsFor(status.branding.language);
    this.format = timeFormatter(status.timezone, this.words);
    applyBranding(status.branding, this.words);
    this.topBar.setLogo(status.branding.logo);
    this.topBar.setPlace(status.location_name, this.words);
    this.topBar.setOffline(status.offline);
    this.topBar.setClock(this.format, new Date());
    // A language changed at the studio: the screen on show is drawn again in the new words.
    if (relabel && this.screen.name !== 'problem') void this.show(this.screen);
  }

  private async show(screen: Screen): Promise<void> {
    const navigation = ++this.navigation;
    this.timer.clear();
    try {
      if (!this.status && screen.name !== 'problem') this.applyStatus(await this.backend.status());
      const element = await this.render(screen);
      if (navigation !== this.navigation) return;
      this.screen = screen;
      this.main.dataset.screen = screen.name;
      this.main.replaceChildren(element);
      this.fitGrid();
      this.main.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
      this.armTimer(screen);
      await this.aimScanner(screen);
    } catch (error) {
      if (navigation !== this.navigation) return;
      const code = error instanceof KioskApiError ? error.code : 'renderer_error';
      console.warn(error instanceof Error ? error.message : String(error));
      if (screen.name !== 'problem') await this.show({ name: 'problem', code, retry: screen });
    }
  }

  private async render(screen: Screen): Promise<HTMLElement> {
    const scanner = this.status?.scanner ?? false;
    switch (screen.name) {
      case 'timetable': {
        const timetable = await this.backend.classes();
        this.topBar.setOffline(timetable.offline);
        const actions = { openClass: (item: KioskClass) => void this.show({ name: 'roster', classId: item.id }) };
        return timetableScreen({ timetable, format: this.format, words: this.words, scanner, now: new Date() }, actions);
      }
      case 'roster': {
        const detail = await this.backend.classDetail(screen.classId);
        this.topBar.setOffline(detail.offline);
        return rosterScreen(
          { detail, format: this.format, words: this.words, scanner, offline: detail.offline },
          {
            checkIn: (attendee) => void this.checkIn(detail.class.id, attendee),
            walkIn: () => void this.show({ name: 'walk-in', item: detail.class }),
            back: () => void this.show(home),
          },
        );
      }
      case 'walk-in':
        return walkInScreen({ item: screen.item, format: this.format, words: this.words }, { cancel: () => void this.show({ name: 'roster', classId: screen.item.id }) });
      case 'answer': {
        const doneLabel = this.words.t(screen.back.name === 'roster' ? 'answer.back_to_class' : 'answer.done');
        return answerScreen(wordsForAnswer(screen.answer, this.words), { done: () => void this.show(screen.back), doneLabel });
      }
      case 'problem':
        return problemScreen(screen.code, this.words, { retry: () => void this.show(screen.retry) });
    }
  }

  /** The timetable's columns for the room its grid has now (the screen turned, or the window resized). */
  private fitGrid(): void {
    const grid = this.main.querySelector<HTMLElement>('.class-grid');
    if (!grid) return;
    const count = grid.childElementCount;
    grid.style.setProperty('--columns', String(gridColumns(count, grid.clientWidth, grid.clientHeight)));
  }

  private armTimer(screen: Screen): void {
    const { idleMs, answerMs, refreshMs, retryMs } = this.options.timings;
    const again = () => void this.show(screen);
    const goHome = () => void this.show(home);
    if (screen.name === 'timetable') this.timer.arm(refreshMs, again, { resetOnTouch: false });
    else if (screen.name === 'answer') this.timer.arm(answerMs, goHome, { resetOnTouch: false });
    else if (screen.name === 'problem') this.timer.arm(retryMs, () => void this.show(screen.retry), { resetOnTouch: false });
    else this.timer.arm(idleMs, goHome, { resetOnTouch: true });
  }

  /** A scan at the kiosk's reader is for the class on screen; elsewhere the agent picks the member's class. */
  private async aimScanner(screen: Screen): Promise<void> {
    if (!this.status?.scanner || screen.name === 'answer') return;
    const target = screen.name === 'roster' ? screen.classId : screen.name === 'walk-in' ? screen.item.id : null;
    if (target === this.scanTarget) return;
    try {
      await this.backend.setScanTarget(target);
      this.scanTarget = target;
    } catch (error) {
      // Not fatal: the next screen change tries again, and the agent answers a scan without a target itself.
      console.warn(error instanceof Error ? error.message : String(error));
    }
  }

  private async checkIn(classId: string, attendee: KioskAttendee): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await this.backend.checkIn({ class_id: classId, contact_id: attendee.contact_id });
      this.showAnswer(answer);
    } catch (error) {
      const code = error instanceof KioskApiError ? error.code : 'renderer_error';
      await this.show({ name: 'problem', code, retry: { name: 'roster', classId } });
    } finally {
      this.busy = false;
    }
  }

  private showAnswer(answer: KioskAnswer): void {
    this.topBar.setOffline(answer.offline);
    // After a walk-in the member sees themselves on the roster; a scan from elsewhere returns to the start.
    const back: Screen = this.screen.name === 'roster' ? this.screen : this.screen.name === 'walk-in' ? { name: 'roster', classId: this.screen.item.id } : home;
    void this.show({ name: 'answer', answer, back });
  }
}
