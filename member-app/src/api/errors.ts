import type { TFunction } from 'i18next';
import { MemberApiError } from './call.ts';

/** An error in the member's words: the envelope's code picks the catalog's sentence. */
export function errorWords(t: TFunction<'common'>, error: unknown): string {
  if (!(error instanceof MemberApiError)) return t('error.other');
  switch (error.code) {
    case 'rate_limited':
      return t('error.rate_limited');
    case 'sign_in_code_invalid':
      return t('error.sign_in_code_invalid');
    case 'invalid_session':
      return t('error.signed_out');
    case 'unreachable':
      return t('error.unreachable');
    case 'resource_missing':
      return error.param === 'location' ? t('error.location_unknown') : t('error.other');
    default:
      return t('error.other');
  }
}
