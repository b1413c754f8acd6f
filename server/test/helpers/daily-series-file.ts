/**
 * An import file like the owner's that held the server for a minute: a studio whose timetable is
 * daily class series over five years (2026 to 2030, 1,826 classes each). 82 series make a 14.7 KB
 * file of 149,732 classes; 27 series (49,302 classes) stay under the import's cap.
 */
export function dailySeriesFile(seriesCount: number, options: { company?: boolean; slug?: string } = {}) {
  const startTimes = Array.from({ length: seriesCount }, (_, index) => `${String(6 + (index % 15)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`);
  return {
    version: 1,
    ...(options.company !== false && { company: { name: 'Five Years Studio' } }),
    locations: [{ ref: 'main', name: 'Main', slug: options.slug ?? 'main', timezone: 'Europe/Berlin', country: 'DE' }],
    staff: [{ ref: 'ana', first_name: 'Ana', last_name: 'Lind' }],
    rooms: [{ ref: 'hall', location: 'main', name: 'Hall' }],
    services: [{ ref: 'flow', location: 'main', name: 'Flow', kind: 'class', duration_minutes: 45, price_cents: 1500, staff: ['ana'] }],
    class_series: startTimes.map((start_time) => ({
      location: 'main',
      service: 'flow',
      staff: 'ana',
      room: 'hall',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      start_time,
      capacity: 12,
      starts_on: '2026-01-01',
      ends_on: '2030-12-31',
    })),
  };
}

/** Classes in a five-year daily series of `dailySeriesFile`. */
export const classesPerDailySeries = 1826;
