import type { KioskClass, KioskTimetable } from '@studio/shared/kiosk';
import { button, h, icon } from '../components/dom.js';
import { spotsWords, type TimeFormatter } from '../i18n/format.js';
import type { Words } from '../i18n/words.js';

export interface TimetableView {
  timetable: KioskTimetable;
  format: TimeFormatter;
  words: Words;
  scanner: boolean;
  now: Date;
}

/**
 * The start screen: today's classes (and the next hours), each one large tap target. The tiles fill
 * the screen whatever their number: the app sets the grid's columns for the screen's shape
 * (components/grid-layout.ts), the rows share the height, and the words scale with the tile.
 */
export function timetableScreen(view: TimetableView, actions: { openClass(item: KioskClass): void }): HTMLElement {
  const { t } = view.words;
  const items = view.timetable.data.map((item) => h('li', {}, classCard(item, view, actions.openClass)));
  return h(
    'section',
    { class: 'screen timetable', 'aria-labelledby': 'screen-title' },
    h(
      'div',
      { class: 'screen-head' },
      h('h1', { id: 'screen-title', tabindex: -1 }, t('timetable.title')),
      view.scanner ? h('p', { class: 'hint scan-hint' }, icon('⌁'), t('timetable.scan_hint')) : null,
    ),
    items.length > 0 ? h('ul', { class: 'class-grid', 'data-count': items.length, 'aria-label': t('timetable.list') }, ...items) : h('p', { class: 'empty' }, t('timetable.empty')),
  );
}

function classCard(item: KioskClass, view: TimetableView, open: (item: KioskClass) => void): HTMLElement {
  const { t } = view.words;
  const running = new Date(item.start) <= view.now && view.now < new Date(item.end);
  const cancelled = item.status === 'cancelled';
  const spots = cancelled ? 'cancelled' : item.spots_left <= 0 ? 'full' : 'open';
  const content = [
    h('span', { class: 'class-when' }, h('span', { class: 'class-time' }, view.format.span(item, view.now)), running && !cancelled ? h('span', { class: 'tag now' }, t('class.now')) : null),
    h('span', { class: 'class-name' }, item.name),
    h(
      'span',
      { class: 'class-foot' },
      h('span', { class: 'class-instructor' }, item.instructor ? t('class.with', { instructor: item.instructor }) : ''),
      // The state is its own label: never struck through with the class, so "Cancelled" reads plainly.
      h('span', { class: `class-spots ${spots}` }, spotsWords(item, view.words)),
    ),
  ];
  // A cancelled class is shown (members look for it) but cannot be opened.
  if (cancelled) return h('div', { class: 'class-card cancelled' }, ...content);
  return button(content, () => open(item), { class: 'class-card', 'data-class-id': item.id });
}
