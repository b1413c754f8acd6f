/**
 * The privacy rule of a shared screen, applied again here whatever the backend sends: at most a
 * first name and the initial of a last name ("Sam K."), never a full name.
 */
export function shownName(displayName: string): string {
  const parts = displayName
    .trim()
    .split(/\s+/)
    .filter((part) => part.length > 0);
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (first === undefined || last === undefined || parts.length === 1) return first ?? '';
  // Already shortened ("Mary Ann K."): keep the whole first name the agent chose.
  if (/^\p{L}\.$/u.test(last)) return parts.join(' ');
  return `${first} ${last.charAt(0).toLocaleUpperCase()}.`;
}

/** A greeting uses the first name only. */
export function shownFirstName(firstName: string | null): string | null {
  const first = firstName?.trim().split(/\s+/)[0];
  return first ? first : null;
}
