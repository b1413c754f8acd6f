import { button, h, icon } from '../components/dom.js';
import { wordsForProblem } from '../i18n/messages.js';

/** A failure of the kiosk itself (the agent away, an off-contract answer): friendly words and a retry. */
export function problemScreen(code: string, actions: { retry(): void }): HTMLElement {
  const words = wordsForProblem(code);
  return h(
    'section',
    { class: 'screen problem', 'data-problem': code, 'aria-labelledby': 'screen-title' },
    icon('…', 'icon answer-icon'),
    h('h1', { id: 'screen-title', tabindex: -1 }, words.title),
    h('p', { class: 'detail' }, words.detail),
    h('div', { class: 'actions' }, button('Try again', actions.retry, { class: 'primary' })),
  );
}
