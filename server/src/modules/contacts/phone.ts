import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * E.164 for `input`, read with the location's country for national notation. Numbers that are
 * possible but not assigned (the 555 fiction range, new ranges the metadata lacks) are kept:
 * refusing a real customer's number is worse than storing an unusual one.
 */
export function normalisePhone(input: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(input, { defaultCountry: country.toUpperCase() as CountryCode, extract: false });
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.number;
}

/** Lower-case, accent-free text the contact search matches against, one column on both dialects. */
export function searchText(fields: { first_name: string; last_name?: string | null; email?: string | null; phone?: string | null }): string {
  const words = [fields.first_name, fields.last_name, fields.email, fields.phone?.replace(/\D/g, '')];
  return foldForSearch(words.filter(Boolean).join(' '));
}

export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
