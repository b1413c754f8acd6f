import type { LocationSettings, Weekday } from '../api/setup.ts';

export const weekdays: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

type Spans = { start: string; end: string }[];

/** One weekday's spans as typed: "06:00-12:00, 14:00-22:00"; none: closed. */
export function spansText(spans: Spans | undefined): string {
  return (spans ?? []).map((span) => `${span.start}-${span.end}`).join(', ');
}

/** The typed text back into spans, or the part that is not a span; the server checks the times themselves. */
export function parseSpans(text: string): Spans | { notASpan: string } {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const spans: Spans = [];
  for (const part of parts) {
    const match = /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(part);
    if (!match) return { notASpan: part };
    spans.push({ start: match[1]!.padStart(5, '0'), end: match[2]!.padStart(5, '0') });
  }
  return spans;
}

/** The access hours as typed per weekday, or the first weekday whose text is wrong and its part that is not a span. */
export function accessHoursOf(texts: Record<Weekday, string>): { hours: NonNullable<LocationSettings['access_hours']> } | { weekday: Weekday; notASpan: string } {
  const hours: NonNullable<LocationSettings['access_hours']> = {};
  for (const day of weekdays) {
    const spans = parseSpans(texts[day]);
    if ('notASpan' in spans) return { weekday: day, notASpan: spans.notASpan };
    if (spans.length) hours[day] = spans;
  }
  return { hours };
}
