import { describe, expect, it } from 'vitest';
import { kioskReasons, type KioskAnswer } from '@studio/shared/kiosk';
import { en } from '../../src/renderer/i18n/catalogs.ts';
import { wordedReasons, wordsForAnswer as wordsForAnswerIn, wordsForReason as wordsForReasonIn } from '../../src/renderer/i18n/messages.ts';
import { wordsFor } from '../../src/renderer/i18n/words.ts';

const english = wordsFor('en');
const spanish = wordsFor('es');
const wordsForAnswer = (answer: KioskAnswer) => wordsForAnswerIn(answer, english);
const wordsForReason = (reason: string) => wordsForReasonIn(reason, english);

const answer = (overrides: Partial<KioskAnswer>): KioskAnswer => ({
  outcome: 'checked_in',
  reason: null,
  first_name: 'Sam',
  class_id: null,
  class_name: 'Vinyasa Yoga',
  walk_in: false,
  offline: false,
  ...overrides,
});

describe('answer words', () => {
  it('word every reason of the contract, and nothing else', () => {
    expect(
      Object.keys(en)
        .filter((key) => key.startsWith('reason.') && key !== 'reason.unknown')
        .sort(),
    ).toEqual([...wordedReasons].sort());
    for (const reason of kioskReasons) expect(wordsForReason(reason).length, reason).toBeGreaterThan(10);
    for (const reason of kioskReasons) expect(wordsForReasonIn(reason, spanish), reason).not.toBe(wordsForReason(reason));
  });

  it('greet by first name only', () => {
    expect(wordsForAnswer(answer({}))).toEqual({ tone: 'success', title: 'Checked in. Enjoy the class, Sam!', detail: 'Vinyasa Yoga' });
    expect(wordsForAnswer(answer({ first_name: 'Sam Kowalski', walk_in: true })).title).toBe('Booked and checked in. Enjoy the class, Sam!');
    expect(wordsForAnswer(answer({ first_name: null })).title).toBe('Checked in. Enjoy the class!');
    expect(wordsForAnswer(answer({ outcome: 'already_checked_in' }))).toMatchObject({ tone: 'notice', title: "You're already checked in, Sam. Enjoy the class!" });
  });

  it('send a refused member to the front desk in words, with a fallback for a reason not known yet', () => {
    expect(wordsForAnswer(answer({ outcome: 'refused', reason: 'past_due' }))).toMatchObject({
      tone: 'refused',
      title: 'Your payment is past due, please see the front desk.',
    });
    expect(wordsForAnswer(answer({ outcome: 'refused', reason: 'a_reason_from_a_newer_agent' })).title).toBe("We couldn't check you in. Please see the front desk.");
  });

  it('speak Spanish for a Spanish-speaking location', () => {
    expect(wordsForAnswerIn(answer({}), spanish)).toEqual({ tone: 'success', title: 'Registro hecho. ¡Disfruta la clase, Sam!', detail: 'Vinyasa Yoga' });
    expect(wordsForAnswerIn(answer({ outcome: 'already_checked_in', first_name: null }), spanish).title).toBe('Tu registro ya estaba hecho. ¡Disfruta la clase!');
    expect(wordsForAnswerIn(answer({ outcome: 'refused', reason: 'past_due' }), spanish).title).toBe('Tienes un pago pendiente, pasa por recepción.');
    expect(wordsForAnswerIn(answer({ outcome: 'refused', reason: 'a_reason_from_a_newer_agent' }), spanish).title).toBe('No hemos podido registrarte. Pasa por recepción.');
  });

  it('say when a check-in was saved offline', () => {
    expect(wordsForAnswer(answer({ offline: true })).detail).toBe('Vinyasa Yoga · Saved on this kiosk: it reaches the studio when the connection is back.');
  });
});
