import type { TFunction } from 'i18next';
import { reasonWords } from './event-words.ts';

/** Visit flags that are not refusal reasons: the words the member's page gives them (`profile` catalog). */
const flagKeys = {
  ineligible_at_checkin: 'flag.ineligible_at_checkin',
  device_clock_ahead: 'flag.device_clock_ahead',
  outside_checkin_window: 'flag.outside_checkin_window',
  staff_override: 'flag.staff_override',
} as const;

/** A refusal reason or visit flag in the reader's language: the shared refusal vocabulary first, then the flags. */
export function reasonInWords(t: TFunction<'profile'>, common: TFunction<'common'>, code: string): string {
  return Object.hasOwn(flagKeys, code) ? t(flagKeys[code as keyof typeof flagKeys]) : reasonWords(common, code);
}

export function reasonsInWords(t: TFunction<'profile'>, common: TFunction<'common'>, codes: readonly string[]): string {
  return codes.map((code) => reasonInWords(t, common, code)).join('; ');
}

const sourceKeys = { kiosk: 'source.kiosk', turnstile: 'source.turnstile', biometric: 'source.biometric', staff: 'source.staff', api: 'source.api' } as const;

/** Where a check-in came from, in the words Today uses (`today` catalog). */
export function sourceInWords(t: TFunction<'today'>, source: string | null): string {
  if (!source) return t('source.device');
  return Object.hasOwn(sourceKeys, source) ? t(sourceKeys[source as keyof typeof sourceKeys]) : source;
}
