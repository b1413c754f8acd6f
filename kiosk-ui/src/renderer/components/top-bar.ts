import { h, icon } from './dom.js';
import type { TimeFormatter } from '../i18n/format.js';
import type { Words } from '../i18n/words.js';

/** The bar above every screen, in the location's accent: its logo and name, the time there, and a discreet offline badge. */
export class TopBar {
  readonly element: HTMLElement;
  /** Beside the location's name, which says the same: decorative for a screen reader. */
  private readonly logo = h('img', { class: 'logo', alt: '', hidden: true });
  private readonly place = h('span', { class: 'place' });
  private readonly day = h('span', { class: 'day' });
  private readonly time = h('span', { class: 'time' });
  private readonly clock = h('span', { class: 'clock' }, this.day, this.time);
  private readonly badgeText = h('span', {});
  private readonly badge = h('span', { class: 'offline-badge', role: 'status', hidden: true }, icon('○'), this.badgeText);

  constructor() {
    this.element = h(
      'header',
      { class: 'top-bar' },
      h('span', { class: 'brand' }, h('span', { class: 'logo-plate', hidden: true }, this.logo), this.place),
      h('span', { class: 'right' }, this.badge, this.clock),
    );
  }

  setPlace(name: string | null, words: Words): void {
    this.place.textContent = name ?? words.t('place.unknown');
    this.badgeText.textContent = words.t('offline.badge');
  }

  /** A data URL (the CSP allows `data:` images), or null for none. */
  setLogo(logo: string | null): void {
    if (logo === null) this.logo.removeAttribute('src');
    else if (this.logo.getAttribute('src') !== logo) this.logo.src = logo;
    this.logo.hidden = logo === null;
    (this.logo.parentElement as HTMLElement).hidden = logo === null;
  }

  setClock(format: TimeFormatter, now: Date): void {
    this.day.textContent = `${format.day(now)} · `;
    this.time.textContent = format.time(now);
  }

  setOffline(offline: boolean): void {
    this.badge.hidden = !offline;
  }
}
