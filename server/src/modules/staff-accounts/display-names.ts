import { ApiError } from '@studio/shared';

const longest = 100;

/** Runs of whitespace of any kind: tabs and line breaks (NEL too), Unicode spaces, line and paragraph separators. */
const spaces = /[\t\n\v\f\r\u0085\p{Zs}\p{Zl}\p{Zp}]+/gu;
/**
 * What a name must not carry: control characters (Cc), format characters (Cf: the bidi overrides,
 * embeddings, isolates and marks such as U+202E, zero-width spaces and joiners, soft hyphens),
 * private-use characters (Co) and lone surrogates (Cs).
 */
const hidden = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu;
/** A role in brackets, as the app itself writes "Olive (owner)" in the audit log and on a visit's override. */
const roleInBrackets = /[([{<]\s*(?:owner|manager|front[\s_-]*desk|desk|admin|administrator|staff|system|setup link|command line)\s*[)\]}>]/iu;

/**
 * A staff account's name as it is kept and shown (issue 30, N16): NFC, every hidden character
 * dropped, whitespace collapsed to single spaces and trimmed. Refused when nothing is left
 * (`missing_field`), when longer than 100 characters, or when it carries a role in brackets
 * ("Olive (owner)"): the app names each account's role itself, so a name must not pretend to one.
 * Compatibility forms are folded for that check only, so "Olive （owner）" is refused too.
 */
export function cleanDisplayName(name: string): string {
  const cleaned = name.normalize('NFC').replace(spaces, ' ').replace(hidden, '').replace(spaces, ' ').trim();
  if (cleaned === '') throw new ApiError('missing_field', 'An account needs a name to show.', { param: 'display_name' });
  if ([...cleaned].length > longest) throw new ApiError('invalid_param', `A name may have at most ${longest} characters.`, { param: 'display_name' });
  if (roleInBrackets.test(cleaned.normalize('NFKC'))) {
    throw new ApiError('invalid_param', 'A name may not carry a role in brackets: the app shows each account’s role itself.', { param: 'display_name' });
  }
  return cleaned;
}
