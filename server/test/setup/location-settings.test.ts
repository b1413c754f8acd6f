import { describe, expect, it } from 'vitest';
import { defaultLocationSettings, LocationSettings, parseLocationSettings } from '../../src/modules/locations/settings.js';

describe('location settings', () => {
  it('gives every rule its default from an empty object', () => {
    expect(parseLocationSettings('{}')).toEqual({
      appointments: { min_notice_minutes: 60, horizon_days: 60, slot_interval_minutes: 15, cancellation_window_hours: 24 },
      classes: {
        signup_cutoff_minutes: 0,
        max_classes_per_day: null,
        reminder_hours_before: 2,
        cancellation_window_hours: 12,
        booking_horizon_days: 30,
        waitlist_offer_minutes: 60,
        waitlist_offer_cutoff_hours: 24,
        checkin_opens_minutes_before: 30,
        checkin_closes_minutes_after: 15,
      },
      checkin_alerts: { past_due: 'block', no_card: 'warn', form_missing: 'warn' },
      matching_profile: { formats: { hex: true, decimal: true, wiegand26: false }, byte_order: 'both' },
      branding: { logo: null, accent_colour: '#1c7ed6', language: 'en' },
    });
  });

  it('takes a logo only as an inline PNG, JPEG or WebP, and a colour only as #RRGGBB', () => {
    const issues = (branding: unknown) => LocationSettings.safeParse({ branding }).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ logo: 'data:image/png;base64,iVBORw0KGgo=', accent_colour: '#0A7E3b', language: 'es' })).toBeUndefined();
    expect(issues({ logo: 'data:image/svg+xml;base64,PHN2Zz4=' })).toEqual(['branding.logo']);
    expect(issues({ logo: 'https://example.com/logo.png' })).toEqual(['branding.logo']);
    expect(issues({ logo: `data:image/png;base64,${'A'.repeat(400_000)}` })).toEqual(['branding.logo']);
    expect(issues({ accent_colour: 'red' })).toEqual(['branding.accent_colour']);
    expect(issues({ language: 'fr' })).toEqual(['branding.language']);
  });

  it('keeps what is given and fills the rest of its group', () => {
    const settings = parseLocationSettings('{"appointments":{"min_notice_minutes":0},"access_hours":{"monday":[{"start":"06:00","end":"24:00"}]}}');
    expect(settings.appointments).toEqual({ min_notice_minutes: 0, horizon_days: 60, slot_interval_minutes: 15, cancellation_window_hours: 24 });
    expect(settings.access_hours).toEqual({ monday: [{ start: '06:00', end: '24:00' }] });
  });

  it('refuses unknown fields, unknown weekdays and spans that end before they start', () => {
    const issues = (input: unknown) => LocationSettings.safeParse(input).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ classes: { max_per_day: 2 } })).toEqual(['classes']);
    expect(issues({ access_hours: { funday: [] } })).toEqual(['access_hours']);
    expect(issues({ access_hours: { friday: [{ start: '22:00', end: '06:00' }] } })).toEqual(['access_hours.friday.0.end']);
    expect(issues({ checkin_alerts: { past_due: 'ignore' } })).toEqual(['checkin_alerts.past_due']);
  });

  it("gives a new location its country's language, German in Germany and Austria, Spanish in Spain and Mexico, else English", () => {
    const language = (country: string) => defaultLocationSettings(country).branding.language;
    expect(['DE', 'at', 'CH'].map(language)).toEqual(['de', 'de', 'de']);
    expect(['ES', 'MX', 'ar'].map(language)).toEqual(['es', 'es', 'es']);
    expect(['IE', 'GB', 'US', 'FR', ''].map(language)).toEqual(['en', 'en', 'en', 'en', 'en']);
    // Only the language differs from the defaults.
    expect({ ...defaultLocationSettings('DE'), branding: parseLocationSettings('{}').branding }).toEqual(parseLocationSettings('{}'));
  });
});
