/** How long the kiosk waits, in ms; the page URL may override each in seconds (`?idle=30&answer=5`). */
export interface KioskTimings {
  /** No touch for this long on any screen but the start screen: back to the start screen. */
  idleMs: number;
  /** An answer stays this long, then the start screen. */
  answerMs: number;
  /** The start screen reloads the timetable this often (spots left change). */
  refreshMs: number;
  /** A problem screen retries this often. */
  retryMs: number;
}

export const defaultTimings: KioskTimings = { idleMs: 30_000, answerMs: 5_000, refreshMs: 60_000, retryMs: 5_000 };

const parameters: Record<string, keyof KioskTimings> = { idle: 'idleMs', answer: 'answerMs', refresh: 'refreshMs', retry: 'retryMs' };

export function timingsFromQuery(search: string): KioskTimings {
  const timings = { ...defaultTimings };
  const query = new URLSearchParams(search);
  for (const [parameter, key] of Object.entries(parameters)) {
    const seconds = Number(query.get(parameter));
    // Anything but a positive number of seconds keeps the default: a typo must not make the kiosk spin.
    if (query.has(parameter) && Number.isFinite(seconds) && seconds > 0) timings[key] = Math.round(seconds * 1000);
  }
  return timings;
}
