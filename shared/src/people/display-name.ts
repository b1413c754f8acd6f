/**
 * The name a shared screen may show of a person: the first name and the initial of the last
 * ("Sam K."), enough for members to find themselves on a roster without exposing who they are.
 */
export function displayName(firstName: string, lastName: string | null): string {
  const first = firstName.trim();
  const initial = lastName?.trim().charAt(0).toLocaleUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
