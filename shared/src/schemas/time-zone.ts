import { IANAZone } from 'luxon';
import { z } from 'zod';

/**
 * A location's time zone: a canonical IANA region zone (`America/New_York`), or `UTC` / `Etc/UTC`.
 * Abbreviations (EST, PST), POSIX rules (EST5EDT) and fixed offsets (UTC+5, Etc/GMT+5) are refused:
 * they never follow a region's summer time, so a New York class would be an hour off from March
 * to November. Old aliases (US/Eastern) and other spellings (america/new_york) are refused, naming the zone to use.
 */
const regionAreas = ['Africa', 'America', 'Antarctica', 'Arctic', 'Asia', 'Atlantic', 'Australia', 'Europe', 'Indian', 'Pacific'];
const regionZone = new RegExp(`^(${regionAreas.join('|')})/[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z][A-Za-z0-9_+-]*)*$`);
const utcNames = new Set(['UTC', 'Etc/UTC']);

/** What people mean by an abbreviation, where the tz database's own alias says something else (EST is Panama there). */
const abbreviationRegions: Record<string, string> = {
  EST: 'America/New_York',
  EDT: 'America/New_York',
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  MST: 'America/Denver (or America/Phoenix, which keeps no summer time)',
  MDT: 'America/Denver',
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
  AKST: 'America/Anchorage',
  HST: 'Pacific/Honolulu',
  GMT: 'Europe/London (or UTC)',
  BST: 'Europe/London',
  WET: 'Europe/Lisbon',
  CET: 'Europe/Paris',
  CEST: 'Europe/Paris',
  MET: 'Europe/Paris',
  EET: 'Europe/Athens',
  AEST: 'Australia/Sydney',
  NZST: 'Pacific/Auckland',
  JST: 'Asia/Tokyo',
};

function canonicalName(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function suggestionFor(zone: string): string {
  const known = abbreviationRegions[zone.toUpperCase()];
  if (known) return known;
  const canonical = canonicalName(zone);
  if (canonical && (regionZone.test(canonical) || utcNames.has(canonical))) return canonical;
  return "the zone of the studio's region, e.g. America/New_York";
}

/** Why `zone` cannot be a location's zone, with the zone to use instead; null when it can. */
export function timeZoneProblem(zone: string): string | null {
  if (utcNames.has(zone) || (regionZone.test(zone) && IANAZone.isValidZone(zone))) return null;
  if (!IANAZone.isValidZone(zone)) return `"${zone}" is not an IANA time zone: use ${suggestionFor(zone)}`;
  return `"${zone}" is not a region time zone (abbreviations, aliases and fixed offsets do not follow summer time): use ${suggestionFor(zone)}`;
}

export const TimeZone = z
  .string()
  .superRefine((zone, ctx) => {
    const problem = timeZoneProblem(zone);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('IANA region time zone, e.g. America/New_York, or UTC');
