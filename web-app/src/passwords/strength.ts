import { passwordRule, passwordVerdict, personalWords, scoredPart, type PasswordVerdict } from '@studio/shared/web-app';
import { useEffect, useState } from 'react';

type Score = (password: string, words: string[]) => number;

let loading: Promise<Score> | null = null;

/**
 * zxcvbn with the common dictionaries, the same the server judges with: loaded the first time a
 * new password is typed, never with the first page (its word lists weigh more than the whole app).
 */
function loadScorer(): Promise<Score> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    core.zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return (password, words) => core.zxcvbn(scoredPart(password), words).score;
  });
  return loading;
}

/**
 * The server's verdict on a new password while it is typed: null until there is something to judge
 * (or while the scorer loads). `words` are what a guesser would try for this person; where the
 * page does not know them (a link opened signed out), the server may still refuse what this passed.
 */
export function usePasswordVerdict(password: string, words: readonly (string | null | undefined)[] = []): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const key = words.join('\n');
  useEffect(() => {
    if (password === '') {
      setVerdict(null);
      return;
    }
    // Too short is known without the scorer: said at once.
    if ([...password].length < passwordRule.minLength) {
      setVerdict('too_short');
      return;
    }
    let current = true;
    void loadScorer().then((score) => {
      if (current) setVerdict(passwordVerdict(password, score(password, personalWords(key.split('\n')))));
    });
    return () => {
      current = false;
    };
  }, [password, key]);
  return verdict;
}
