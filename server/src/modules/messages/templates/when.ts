/** Where a message speaks from: the location's (or business's) name, address, zone and Intl locale. */
export interface Place {
  name: string;
  address: string | null;
  timezone: string;
  /** An Intl locale, the member's language as spoken in the location's country (localeFor). */
  locale: string;
}

/** A moment as a member reads it in an email: weekday, date and time, in the location's zone and the locale's words. */
export function whenText(iso: string, place: Place): string {
  return new Intl.DateTimeFormat(place.locale, {
    timeZone: place.timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
