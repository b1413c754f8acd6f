import type { KioskClass } from '@studio/shared/kiosk';
import { button, h, icon } from '../components/dom.js';
import { spotsWords, type TimeFormatter } from '../i18n/format.js';

/** Walk-in: the kiosk's scan target is this class, so the next scan books a free spot and checks in. */
export function walkInScreen(view: { item: KioskClass; format: TimeFormatter }, actions: { cancel(): void }): HTMLElement {
  return h(
    'section',
    { class: 'screen walk-in', 'aria-labelledby': 'screen-title' },
    h('h1', { id: 'screen-title', tabindex: -1 }, `Walk in to ${view.item.name}`),
    h('p', { class: 'class-meta' }, `${view.format.span(view.item)} · ${spotsWords(view.item)}`),
    h('div', { class: 'scan-prompt' }, icon('⌁', 'icon big'), h('p', {}, 'Scan your fob at the reader to book a free spot and check in.')),
    h('div', { class: 'actions' }, button('Cancel', actions.cancel, { class: 'secondary' })),
  );
}
