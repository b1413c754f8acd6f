import type { KioskAttendee, KioskClassDetail } from '@studio/shared/kiosk';
import { button, h, icon } from '../components/dom.js';
import { spotsWords, type TimeFormatter } from '../i18n/format.js';
import { shownName } from '../i18n/people.js';

export interface RosterView {
  detail: KioskClassDetail;
  format: TimeFormatter;
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
  const item = view.detail.class;
  const names = view.detail.roster.map((attendee) => h('li', {}, attendeeTile(attendee, actions.checkIn)));
  return h(
    'section',
    { class: 'screen roster', 'aria-labelledby': 'screen-title' },
    h('h1', { id: 'screen-title', tabindex: -1 }, item.name),
    h('p', { class: 'class-meta' }, [view.format.span(item), item.instructor ? `with ${item.instructor}` : null, spotsWords(item)].filter(Boolean).join(' · ')),
    h('h2', {}, 'Tap your name to check in'),
    names.length > 0 ? h('ul', { class: 'name-grid' }, ...names) : h('p', { class: 'empty' }, 'Nobody has booked this class yet.'),
    h('div', { class: 'actions' }, button([icon('‹'), 'All classes'], actions.back, { class: 'secondary' }), walkInAction(view, actions)),
  );
}

function attendeeTile(attendee: KioskAttendee, checkIn: (attendee: KioskAttendee) => void): HTMLElement {
  const name = shownName(attendee.display_name);
  if (attendee.status === 'checked_in') {
    return h('div', { class: 'name-tile checked-in', 'data-contact-id': attendee.contact_id }, icon('✓'), h('span', { class: 'name' }, name), h('span', { class: 'state' }, 'Checked in'));
  }
  return button(h('span', { class: 'name' }, name), () => checkIn(attendee), { class: 'name-tile', 'data-contact-id': attendee.contact_id });
}

/** A walk-in is booked from a scan (the reader says who it is), so it needs the reader and the server. */
function walkInAction(view: RosterView, actions: RosterActions): HTMLElement | null {
  const item = view.detail.class;
  if (item.status === 'cancelled' || item.spots_left <= 0) return null;
  if (!view.scanner || view.offline) return h('p', { class: 'hint' }, 'Not on the list? Please see the front desk.');
  return button([icon('+'), 'Not on the list? Walk in'], actions.walkIn, { class: 'primary walk-in' });
}
