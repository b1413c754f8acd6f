import { localeFor, type Language } from '@studio/shared/i18n';
import type { TFunction } from 'i18next';
import { errorWords } from '../api/errors.ts';
import { MemberApiError } from '../api/call.ts';
import type { MemberClass } from '../api/classes-api.ts';

/** A class's day in the member's language ("Monday 1 June"), from its date at the location. */
export function dayWords(language: string, localDate: string): string {
  // Noon UTC of that date names the same day in any zone the formatter might pick.
  return new Intl.DateTimeFormat(localeFor(language as Language, null), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${localDate}T12:00:00Z`));
}

/** The values a sentence about a class fills in: its name, day and time at the location. */
export function classValues(language: string, cls: MemberClass) {
  return { service: cls.service_name, day: dayWords(language, cls.local_date), time: cls.local_start };
}

const classCodes = ['class_full', 'class_cancelled', 'booking_rule', 'entitlement_required', 'offer_expired', 'location_not_allowed', 'booking_not_active'] as const;

/** A refusal of a class change in the member's words: the class codes from this namespace, any other as every screen says it. */
export function classErrorWords(t: TFunction<'classes'>, common: TFunction<'common'>, error: unknown): string {
  if (error instanceof MemberApiError && (classCodes as readonly string[]).includes(error.code)) return t(`error.${error.code as (typeof classCodes)[number]}`);
  return errorWords(common, error);
}
