import type { KioskClass, KioskTimetable } from '@studio/shared/kiosk';
import { button, h } from '../components/dom.js';
import { spotsWords, type TimeFormatter } from '../i18n/format.js';

export interface TimetableView {
  timetable: KioskTimetable;
  format: TimeFormatter;
  scanner: boolean;
  now: Date;
}

/** The start screen: today's classes (and the next hours), each one large tap target. */
export function timetableScreen(view: TimetableView, actions: { openClass(item: KioskClass): void }): HTMLElement {
  const items = view.timetable.data.map((item) => h('li', {}, classCard(item, view, actions.openClass)));
  return h(
    'section',
    { class: 'screen timetable', 'aria-labelledby': 'screen-title' },
    h('h1', { id: 'screen-title', tabindex: -1 }, 'Tap your class to check in'),
    view.scanner ? h('p', { class: 'hint' }, 'Or scan your fob at the reader.') : null,
    items.length > 0 ? h('ul', { class: 'class-list' }, ...items) : h('p', { class: 'empty' }, 'No more classes today.'),
  );
}

function classCard(item: KioskClass, view: TimetableView, open: (item: KioskClass) => void): HTMLElement {
  const running = new Date(item.start) <= view.now && view.now < new Date(item.end);
  const cancelled = item.status === 'cancelled';
  const content = [
    h('span', { class: 'class-time' }, view.format.span(item)),
    h('span', { class: 'class-name' }, item.name, running ? h('span', { class: 'tag now' }, 'Now') : null),
    h('span', { class: 'class-instructor' }, item.instructor ? `with ${item.instructor}` : ''),
    h('span', { class: `class-spots${cancelled || item.spots_left <= 0 ? ' none' : ''}` }, spotsWords(item)),
  ];
  // A cancelled class is shown (members look for it) but cannot be opened.
  if (cancelled) return h('div', { class: 'class-card cancelled' }, ...content);
  return button(content, () => open(item), { class: 'class-card', 'data-class-id': item.id });
}
