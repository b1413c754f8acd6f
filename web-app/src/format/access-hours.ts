import type { LocationSettings, Weekday } from '../api/setup.ts';

export const weekdays: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
export const weekdayWords: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

type Spans = { start: string; end: string }[];

/** One weekday's spans as typed: "06:00-12:00, 14:00-22:00"; none: closed. */
export function spansText(spans: Spans | undefined): string {
  return (spans ?? []).map((span) => `${span.start}-${span.end}`).join(', ');
}

/** The typed text back into spans, or a sentence saying what is wrong; the server checks the times themselves. */
export function parseSpans(text: string): Spans | string {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const spans: Spans = [];
  for (const part of parts) {
    const match = /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(part);
    if (!match) return `"${part}" is not a span: write START-END, e.g. 06:00-22:00, several separated by commas.`;
    spans.push({ start: match[1]!.padStart(5, '0'), end: match[2]!.padStart(5, '0') });
  }
  return spans;
}

/** The access hours as typed per weekday, or the first weekday whose text is wrong. */
export function accessHoursOf(texts: Record<Weekday, string>): { hours: NonNullable<LocationSettings['access_hours']> } | { weekday: Weekday; message: string } {
  const hours: NonNullable<LocationSettings['access_hours']> = {};
  for (const day of weekdays) {
    const spans = parseSpans(texts[day]);
    if (typeof spans === 'string') return { weekday: day, message: spans };
    if (spans.length) hours[day] = spans;
  }
  return { hours };
}
