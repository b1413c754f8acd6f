/**
 * The name a shared screen may show of a person: the first name and the initial of the last
 * ("Sam K."), enough for members to find themselves on a roster without exposing who they are.
 */
export function displayName(firstName: string, lastName: string | null): string {
  const first = firstName.trim();
  const initial = lastName?.trim().charAt(0).toLocaleUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

/** A person's whole name, as staff screens and the CLI show it ("Sam Kelly"; "Sam" without a last name). */
export function fullName(person: { first_name: string; last_name: string | null }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}
