import { button, h, icon } from '../components/dom.js';
import type { AnswerTone, AnswerWords } from '../i18n/messages.js';

const glyphs: Record<AnswerTone, string> = { success: '✓', notice: 'i', refused: '!' };

/** The answer in big words; colour, icon and text each carry it, so none is needed alone. */
export function answerScreen(words: AnswerWords, actions: { done(): void; doneLabel: string }): HTMLElement {
  return h(
    'section',
    { class: `screen answer ${words.tone}`, 'data-tone': words.tone, 'aria-labelledby': 'screen-title' },
    icon(glyphs[words.tone], 'icon answer-icon'),
    h('h1', { id: 'screen-title', tabindex: -1, role: 'alert' }, words.title),
    words.detail ? h('p', { class: 'detail' }, words.detail) : null,
    h('div', { class: 'actions' }, button(actions.doneLabel, actions.done, { class: 'primary' })),
  );
}
