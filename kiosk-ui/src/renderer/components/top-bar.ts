import { h, icon } from './dom.js';
import type { TimeFormatter } from '../i18n/format.js';

/** The bar above every screen: where this is, the time there, and a discreet offline badge. */
export class TopBar {
  readonly element: HTMLElement;
  private readonly place = h('span', { class: 'place' });
  private readonly clock = h('span', { class: 'clock' });
  private readonly badge = h('span', { class: 'offline-badge', role: 'status', hidden: true }, icon('○'), 'Offline · check-ins are saved');

  constructor() {
    this.element = h('header', { class: 'top-bar' }, this.place, h('span', { class: 'right' }, this.badge, this.clock));
  }

  setPlace(name: string | null): void {
    this.place.textContent = name ?? 'Class check-in';
  }

  setClock(format: TimeFormatter, now: Date): void {
    this.clock.textContent = `${format.day(now)} · ${format.time(now)}`;
  }

  setOffline(offline: boolean): void {
    this.badge.hidden = !offline;
  }
}
