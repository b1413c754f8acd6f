import { button, h, icon } from '../components/dom.js';
import { wordsForProblem } from '../i18n/messages.js';
import type { Words } from '../i18n/words.js';

/** A failure of the kiosk itself (the agent away, an off-contract answer): friendly words and a retry. */
export function problemScreen(code: string, words: Words, actions: { retry(): void }): HTMLElement {
  const shown = wordsForProblem(code, words);
  return h(
    'section',
    { class: 'screen problem', 'data-problem': code, 'aria-labelledby': 'screen-title' },
    icon('…', 'icon answer-icon'),
    h('h1', { id: 'screen-title', tabindex: -1 }, shown.title),
    h('p', { class: 'detail' }, shown.detail),
    h('div', { class: 'actions' }, button(words.t('problem.retry'), actions.retry, { class: 'primary' })),
  );
}
