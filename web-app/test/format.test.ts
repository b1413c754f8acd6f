import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/format/money.ts';
import { formatDay, formatLocalDateTime, formatLocalDateTimeSeconds, formatLocalTime, relativeTo as relativeTimeOf, todayAt } from '../src/format/time.ts';
import { createTranslator } from '@studio/shared/i18n';
import { reasonInWords, sourceInWords } from '../src/format/reasons.ts';
import { standing, statusActions } from '../src/format/standing.ts';
import { english, namespaces } from '../src/i18n/english.ts';
import germanProfile from '../src/i18n/catalogs/de/profile.json';
import { fieldErrors, withoutEmpty } from '../src/format/form-errors.ts';
import { ContactCreate } from '@studio/shared/schemas/contacts';

describe('money', () => {
  it('shows minor units in the currency, with its symbol', () => {
    expect(formatMoney(4900, 'EUR', 'en-IE')).toBe('€49.00');
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
  });

  it('knows currencies without minor units', () => {
    expect(formatMoney(5000, 'JPY', 'en-US')).toBe('¥5,000');
  });

  it('writes no words of its own: the amount only, in the locale (a debt is worded from the catalogs)', () => {
    expect(formatMoney(1200, 'EUR', 'de-DE')).toBe('12,00\u00a0€');
    expect(formatMoney(-1200, 'EUR', 'en-IE')).toBe('-€12.00');
  });
});

describe('time at the location', () => {
  const at = '2026-03-10T17:04:00.000Z';

  it("shows the location's wall time, with the zone when the viewer is elsewhere", () => {
    expect(formatLocalTime(at, 'Europe/Berlin', 'en-GB', 'Europe/Berlin')).toBe('18:04');
    expect(formatLocalTime(at, 'America/New_York', 'en-GB', 'America/New_York')).toBe('13:04');
    expect(formatLocalTime(at, 'Europe/Berlin', 'en-US', 'America/New_York')).toMatch(/^18:04 (CET|GMT\+1)$/);
  });

  it('follows daylight saving time of the location, not of the viewer', () => {
    // 30 March 2026: Berlin is on summer time (UTC+2) since the 29th.
    expect(formatLocalDateTime('2026-03-30T07:00:00.000Z', 'Europe/Berlin', 'en-GB', 'Europe/Berlin')).toBe('30 Mar 2026, 09:00');
  });

  it('reads to the second where moments seconds apart must differ, with the zone when the viewer is elsewhere', () => {
    expect(formatLocalDateTimeSeconds('2026-03-30T07:00:27.400Z', 'Europe/Berlin', 'en-GB', 'Europe/Berlin')).toBe('30 Mar 2026, 09:00:27');
    expect(formatLocalDateTimeSeconds('2026-03-30T07:00:27.400Z', 'Europe/Berlin', 'en-GB', 'America/New_York')).toBe('30 Mar 2026, 09:00:27 CEST');
    expect(formatLocalDateTime('2026-03-30T07:00:00.000Z', 'Europe/Berlin', 'de-DE', 'Europe/Berlin')).toBe('30. März 2026, 09:00');
  });

  it("gives today's date at the location, which may differ from UTC's", () => {
    const now = new Date('2026-03-10T23:30:00.000Z');
    expect(todayAt('Europe/Berlin', now)).toBe('2026-03-11');
    expect(todayAt('America/Los_Angeles', now)).toBe('2026-03-10');
  });

  it('writes dates in words and relative times from an injected now, a relative time on one line', () => {
    const relativeTo = (...args: Parameters<typeof relativeTimeOf>) => {
      const words = relativeTimeOf(...args);
      expect(words).not.toContain(' ');
      return words.replaceAll('\u00a0', ' ');
    };
    expect(formatDay('2026-03-03')).toBe('3 Mar 2026');
    const now = new Date('2026-03-10T18:00:00.000Z');
    expect(relativeTo('2026-03-10T17:57:00.000Z', now)).toBe('3 min ago');
    expect(relativeTo('2026-03-10T17:59:30.000Z', now)).toBe('now');
    expect(relativeTo('2026-03-10T15:00:00.000Z', now)).toBe('3 hr ago');
    expect(relativeTo('2026-03-08T18:00:00.000Z', now)).toBe('2 days ago');
    // As the page's locale says it, never "yesterday" for a day and an hour ago.
    expect(relativeTo('2026-03-10T17:57:00.000Z', now, 'de-DE')).toBe('vor 3 Min.');
    expect(relativeTo('2026-03-10T17:59:30.000Z', now, 'es-ES')).toBe('ahora');
    expect(relativeTo('2026-03-09T17:00:00.000Z', now, 'en-GB')).toBe('1 day ago');
  });
});

describe('words', () => {
  // A translator of its own (no react plugin), so the app's global one is left alone.
  const translator = createTranslator({ language: 'en', resources: { en: english, de: { profile: germanProfile } }, namespaces, defaultNamespace: 'common' });
  const profile = translator.getFixedT('en', 'profile');
  const common = translator.getFixedT('en', 'common');
  const today = translator.getFixedT('en', 'today');

  it('names every refusal reason the way the kiosk does, and the flags a visit carries', () => {
    expect(reasonInWords(profile, common, 'past_due')).toBe('Payment past due');
    expect(reasonInWords(profile, common, 'form_missing')).toBe('Waiver not signed');
    // A member without a card has "No card", not a card the door did not know.
    expect(reasonInWords(profile, common, 'no_card')).toBe('No card');
    expect(reasonInWords(profile, common, 'staff_override')).toBe('Let in by a staff override');
    expect(reasonInWords(profile, common, 'something_new')).toBe('Not allowed in');
  });

  it('names the source of a check-in', () => {
    expect(sourceInWords(today, 'turnstile')).toBe('Turnstile');
    expect(sourceInWords(today, null)).toBe('Device');
  });

  it("says a member's standing in the reader's language, with the waiver as a second sentence", () => {
    const held = { id: 'm1', kind: 'membership', plan_name: 'Unlimited', status: 'active', visits_remaining: 1, start_date: '2026-01-01', end_date: null } as never;
    expect(standing(profile, { memberships: [held], form_signed_at: null })).toEqual({ tone: 'warn', words: 'Warning: last visit on Unlimited. Waiver not signed.' });
    const german = translator.getFixedT('de', 'profile');
    expect(standing(german, { memberships: [], form_signed_at: '2026-01-01T00:00:00.000Z' }).words).toBe(germanProfile['standing.no_plan']);
    expect(statusActions('paused').map((action) => german(action.key))).toEqual([germanProfile['action.reactivate'], germanProfile['action.cancel']]);
  });
});

describe('form validation with the API schemas', () => {
  it('maps zod issues to one message per field, dropping empty optional inputs', () => {
    const result = ContactCreate.safeParse(withoutEmpty({ first_name: '', last_name: '', email: 'not-an-email', phone: '' }));
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = fieldErrors(result.error);
    expect(Object.keys(errors).sort()).toEqual(['email', 'first_name']);
    expect(errors.email).toMatch(/email/);
  });

  it('accepts a valid form once empty fields are left out', () => {
    expect(ContactCreate.safeParse(withoutEmpty({ first_name: 'Sam', last_name: '', email: '', phone: '' })).success).toBe(true);
  });
});
