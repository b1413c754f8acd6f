import type { KioskAttendee, KioskClassDetail } from '@studio/shared/kiosk';
import { button, h, icon } from '../components/dom.js';
import { spotsWords, type TimeFormatter } from '../i18n/format.js';
import { shownName } from '../i18n/people.js';
import type { Words } from '../i18n/words.js';

export interface RosterView {
  detail: KioskClassDetail;
  format: TimeFormatter;
  words: Words;
  scanner: boolean;
  offline: boolean;
}

export interface RosterActions {
  checkIn(attendee: KioskAttendee): void;
  walkIn(): void;
  back(): void;
}

/** A class's roster: members tap their own name (first name and last initial) to check in. */
export function rosterScreen(view: RosterView, actions: RosterActions): HTMLElement {
  const { t } = view.words;
  const item = view.detail.class;
  const names = view.detail.roster.map((attendee) => h('li', {}, attendeeTile(attendee, view.words, actions.checkIn)));
  const meta = [view.format.span(item), item.instructor ? t('class.with', { instructor: item.instructor }) : null, spotsWords(item, view.words)];
  return h(
    'section',
    { class: 'screen roster', 'aria-labelledby': 'screen-title' },
    h('div', { class: 'screen-head' }, h('h1', { id: 'screen-title', tabindex: -1 }, item.name), h('p', { class: 'class-meta' }, meta.filter(Boolean).join(' · '))),
    h('h2', {}, t('roster.tap_name')),
    names.length > 0 ? h('ul', { class: 'name-grid' }, ...names) : h('p', { class: 'empty' }, t('roster.empty')),
    h('div', { class: 'actions' }, button([icon('‹'), t('roster.all_classes')], actions.back, { class: 'secondary' }), walkInAction(view, actions)),
  );
}

function attendeeTile(attendee: KioskAttendee, words: Words, checkIn: (attendee: KioskAttendee) => void): HTMLElement {
  const name = shownName(attendee.display_name);
  if (attendee.status === 'checked_in') {
    return h(
      'div',
      { class: 'name-tile checked-in', 'data-contact-id': attendee.contact_id },
      icon('✓'),
      h('span', { class: 'name' }, name),
      h('span', { class: 'state' }, words.t('roster.checked_in')),
    );
  }
  return button(h('span', { class: 'name' }, name), () => checkIn(attendee), { class: 'name-tile', 'data-contact-id': attendee.contact_id });
}

/** A walk-in is booked from a scan (the reader says who it is), so it needs the reader and the server. */
function walkInAction(view: RosterView, actions: RosterActions): HTMLElement | null {
  const item = view.detail.class;
  if (item.status === 'cancelled' || item.spots_left <= 0) return null;
  if (!view.scanner || view.offline) return h('p', { class: 'hint' }, view.words.t('roster.see_desk'));
  return button([icon('+'), view.words.t('roster.walk_in')], actions.walkIn, { class: 'primary walk-in' });
}
