import type { KioskClass } from '@studio/shared/kiosk';
import { button, h, icon } from '../components/dom.js';
import { spotsWords, type TimeFormatter } from '../i18n/format.js';
import type { Words } from '../i18n/words.js';

/** Walk-in: the kiosk's scan target is this class, so the next scan books a free spot and checks in. */
export function walkInScreen(view: { item: KioskClass; format: TimeFormatter; words: Words }, actions: { cancel(): void }): HTMLElement {
  const { t } = view.words;
  return h(
    'section',
    { class: 'screen walk-in', 'aria-labelledby': 'screen-title' },
    h(
      'div',
      { class: 'screen-head' },
      h('h1', { id: 'screen-title', tabindex: -1 }, t('walk_in.title', { class: view.item.name })),
      h('p', { class: 'class-meta' }, `${view.format.span(view.item)} · ${spotsWords(view.item, view.words)}`),
    ),
    h('div', { class: 'scan-prompt' }, icon('⌁', 'icon big'), h('p', {}, t('walk_in.prompt'))),
    h('div', { class: 'actions' }, button(t('walk_in.cancel'), actions.cancel, { class: 'secondary' })),
  );
}
