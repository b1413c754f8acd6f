import type { CheckinRules, CheckinWindowRule, MatchingProfile } from '@studio/shared';
import { LocationSettings, type ClassRules } from '@studio/shared/setup';

export { AppointmentRules, Branding, ClassRules, defaultLocationSettings, LocationSettings } from '@studio/shared/setup';

export { AccessHours, CheckinAlerts, DailySpan, LocalEndTime, LocalTime, endAfterStart, weekdayNames } from '@studio/shared';

const parsed = new Map<string, LocationSettings>();

/** Parsed once per distinct settings text: resolve and check-in read them on every scan. */
export function parseLocationSettings(json: string): LocationSettings {
  let settings = parsed.get(json);
  if (!settings) {
    settings = LocationSettings.parse(JSON.parse(json));
    if (parsed.size >= 1000) parsed.clear();
    parsed.set(json, settings);
  }
  return settings;
}

/** The location's check-in rules and reader profile, as the shared eligibility rules take them. */
export function checkinRules(location: { timezone: string; settings: string }): CheckinRules & { matching_profile: MatchingProfile } {
  const settings = parseLocationSettings(location.settings);
  return {
    timezone: location.timezone,
    checkin_alerts: settings.checkin_alerts,
    access_hours: settings.access_hours,
    matching_profile: settings.matching_profile,
  };
}

export function classRules(location: { settings: string }): ClassRules {
  return parseLocationSettings(location.settings).classes;
}

/** The location's class check-in window rule. */
export function checkinWindowRule(location: { settings: string }): CheckinWindowRule {
  const rules = classRules(location);
  return { opens_minutes_before: rules.checkin_opens_minutes_before, closes_minutes_after: rules.checkin_closes_minutes_after };
}
