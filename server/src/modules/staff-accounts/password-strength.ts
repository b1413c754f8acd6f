import { ApiError } from '@studio/shared';
import { passwordRule, passwordVerdict, personalWords, scoredPart } from '@studio/shared/web-app';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// Common passwords, names and keyboard patterns of every language: loaded once, for every check.
zxcvbnOptions.setOptions({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });

/**
 * Refuses a new password shorter than the rule or too easy to guess (zxcvbn, scored 0 to 4; the
 * browser scores it the same way while it is typed), as 422 `password_too_weak` with a message
 * saying how to make a better one. No composition rules: a few unrelated words pass.
 */
export function checkPasswordStrength(password: string, words: readonly (string | null | undefined)[] = []): void {
  // zxcvbn's time grows with the length: it scores the first characters only (scoredPart).
  const score = password.length > passwordRule.maxLength ? 0 : zxcvbn(scoredPart(password), personalWords(words)).score;
  const verdict = passwordVerdict(password, score);
  if (verdict === 'too_short') {
    throw new ApiError('password_too_weak', `A password needs at least ${passwordRule.minLength} characters; three or four unrelated words make a good one.`, { param: 'password' });
  }
  if (verdict === 'too_long') throw new ApiError('password_too_weak', `A password may have at most ${passwordRule.maxLength} characters.`, { param: 'password' });
  if (verdict === 'too_weak') {
    throw new ApiError('password_too_weak', 'This password is too easy to guess. Add a word or two that have nothing to do with you or the studio, or choose a longer one.', { param: 'password' });
  }
}
