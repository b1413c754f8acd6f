import { describe, expect, it } from 'vitest';
import { TimeZone, timeZoneProblem } from '../../src/schemas/time-zone.js';

describe("a location's time zone", () => {
  it.each(['America/New_York', 'Europe/London', 'America/Indiana/Indianapolis', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'UTC', 'Etc/UTC'])('accepts the region zone or UTC %s', (zone) => {
    expect(timeZoneProblem(zone)).toBeNull();
    expect(TimeZone.safeParse(zone).success).toBe(true);
  });

  it.each([
    ['EST', 'America/New_York'],
    ['EDT', 'America/New_York'],
    ['EST5EDT', 'America/New_York'],
    ['US/Eastern', 'America/New_York'],
    ['america/new_york', 'America/New_York'],
    ['PST', 'America/Los_Angeles'],
    ['PST8PDT', 'America/Los_Angeles'],
    ['CET', 'Europe/Paris'],
    ['GMT', 'Europe/London'],
    ['Etc/GMT', 'UTC'],
    ['utc', 'UTC'],
  ])('refuses the abbreviation, alias or other spelling %s, suggesting %s', (zone, suggestion) => {
    const problem = timeZoneProblem(zone);
    expect(problem).toContain(`"${zone}"`);
    expect(problem).toContain(`use ${suggestion}`);
    const parsed = TimeZone.safeParse(zone);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(problem);
  });

  it.each(['Etc/GMT+5', 'UTC+5', 'GMT-3', '+05:00', 'Z', 'America/Nowhere', ''])('refuses the fixed offset or unknown zone %j, pointing at a region zone', (zone) => {
    expect(timeZoneProblem(zone)).toMatch(/use the zone of the studio's region, e.g\. America\/New_York$/);
    expect(TimeZone.safeParse(zone).success).toBe(false);
  });
});
