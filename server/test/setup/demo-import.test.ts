import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { parseLocationSettings } from '../../src/modules/locations/settings.js';
import { demoCompanyId, demoBusiness, seedDemo } from '../../src/modules/setup/demo.js';
import { rowCounts } from '../helpers/row-counts.js';

describe.each(dialects)('the demo business on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);

  const classStarts = async (seriesId: string, from: string, to: string) =>
    (await suite.db.all(suite.db.qb.selectFrom('classes').select('start_at').where('series_id', '=', seriesId).where('start_at', '>=', from).where('start_at', '<', to).orderBy('start_at'))).map(
      (row) => row.start_at,
    );

  it('imports once, then seeding again changes nothing', async () => {
    expect((demoBusiness as { company: { id: string } }).company.id).toBe(demoCompanyId);
    expect(await seedDemo(suite.db)).toEqual({ company_id: demoCompanyId, created: true });
    const counts = await rowCounts(suite.db);
    expect(await seedDemo(suite.db)).toEqual({ company_id: demoCompanyId, created: false });
    expect(await rowCounts(suite.db)).toEqual(counts);
  });

  it('holds every entry of the file', async () => {
    expect(await rowCounts(suite.db)).toMatchObject({
      companies: 1,
      locations: 2,
      staff: 7,
      staff_hours: 39,
      rooms: 5,
      services: 11,
      service_staff: 11,
      membership_plans: 5,
      package_templates: 3,
      contacts: 30,
      memberships: 22,
      credentials: 15,
      gift_cards: 6,
      class_series: 12,
      staff_overrides: 1,
      staff_time_off: 1,
      // 1147 weekly classes from the twelve series (2026 and 2027), plus two one-off classes.
      classes: 1149,
    });
    const company = await suite.db.first(suite.db.qb.selectFrom('companies').selectAll().where('id', '=', demoCompanyId));
    expect(company).toMatchObject({ name: 'Harbour Fitness & Spa', key_prefix: 'harbour' });
  });

  it('normalises phones with the location country and keeps members, cards and packages', async () => {
    const emma = await suite.db.first(suite.db.qb.selectFrom('contacts').selectAll().where('email', '=', 'emma.johnson@example.com'));
    expect(emma).toMatchObject({ phone: '+17185550110', search_text: 'emma johnson emma.johnson@example.com 17185550110' });
    const freya = await suite.db.first(suite.db.qb.selectFrom('contacts').select('phone').where('email', '=', 'freya.roberts@example.co.uk'));
    expect(freya!.phone).toBe('+447700900286');

    const noah = await suite.db.first(suite.db.qb.selectFrom('memberships').selectAll().where('member_code', '=', 'HF-1004'));
    expect(noah).toMatchObject({ kind: 'membership', status: 'past_due', company_id: demoCompanyId, credits_total: null });
    const cards = await suite.db.all(suite.db.qb.selectFrom('credentials').select(['kind', 'value']).where('membership_id', '=', noah!.id));
    expect(cards).toEqual([{ kind: 'card_uid', value: '04B7C6D5E4F301' }]);

    const packs = await suite.db.all(suite.db.qb.selectFrom('memberships').select(['member_code', 'credits_total']).where('kind', '=', 'package').orderBy('start_date'));
    // A package's credits default to its template's sessions unless the file says otherwise.
    expect(packs).toContainEqual({ member_code: 'HF-1012', credits_total: 10 });
    expect(packs).toContainEqual({ member_code: 'HF-1015', credits_total: 12 });
    const statuses = await suite.db.all(suite.db.qb.selectFrom('memberships').select('status').distinct().orderBy('status'));
    expect(statuses.map((row) => row.status)).toEqual(['active', 'cancelled', 'expired', 'past_due', 'paused', 'pending']);
  });

  it('keeps weekly classes at their local start time across daylight saving changes', async () => {
    const series = await suite.db.all(
      suite.db.qb
        .selectFrom('class_series')
        .innerJoin('locations', 'locations.id', 'class_series.location_id')
        .select(['class_series.id', 'class_series.start_time', 'locations.slug'])
        .where('class_series.starts_on', '=', '2026-01-01'),
    );
    const brooklynYoga = series.find((row) => row.slug === 'brooklyn' && row.start_time === '07:00')!;
    // US clocks go forward on Sunday 8 March 2026: 07:00 EST is 12:00Z, 07:00 EDT is 11:00Z.
    expect(await classStarts(brooklynYoga.id, '2026-03-06', '2026-03-10')).toEqual(['2026-03-06T12:00:00.000Z', '2026-03-09T11:00:00.000Z']);
    const londonYoga = series.find((row) => row.slug === 'london-bridge' && row.start_time === '07:30')!;
    // UK clocks go forward on Sunday 29 March 2026.
    expect(await classStarts(londonYoga.id, '2026-03-26', '2026-04-01')).toEqual(['2026-03-26T07:30:00.000Z', '2026-03-31T06:30:00.000Z']);
  });

  it('reads a local one-off start in the location zone and takes the service duration by default', async () => {
    const oneOffs = await suite.db.all(suite.db.qb.selectFrom('classes').select(['start_at', 'end_at', 'capacity']).where('series_id', 'is', null).orderBy('start_at'));
    expect(oneOffs).toEqual([
      { start_at: '2026-01-01T15:00:00.000Z', end_at: '2026-01-01T16:30:00.000Z', capacity: 30 },
      { start_at: '2026-06-13T10:00:00.000Z', end_at: '2026-06-13T10:45:00.000Z', capacity: 40 },
    ]);
  });

  it('staffs every appointment service with someone who works at its location', async () => {
    const services = await suite.db.all(suite.db.qb.selectFrom('services').select(['id', 'location_id']).where('kind', '=', 'appointment'));
    expect(services).toHaveLength(5);
    for (const service of services) {
      const working = await suite.db.all(
        suite.db.qb
          .selectFrom('service_staff')
          .innerJoin('staff_hours', 'staff_hours.staff_id', 'service_staff.staff_id')
          .select('staff_hours.id')
          .where('service_staff.service_id', '=', service.id)
          .where('staff_hours.location_id', '=', service.location_id),
      );
      expect(working.length, service.id).toBeGreaterThan(0);
    }
  });

  it('holds a day off and a holiday, the holiday stored in UTC', async () => {
    const dayOff = await suite.db.all(suite.db.qb.selectFrom('staff_overrides').select(['date', 'start_time', 'end_time']));
    expect(dayOff).toEqual([{ date: '2026-11-26', start_time: null, end_time: null }]);
    const holiday = await suite.db.all(suite.db.qb.selectFrom('staff_time_off').select(['start_at', 'end_at', 'reason']));
    expect(holiday).toEqual([{ start_at: '2026-08-02T23:00:00.000Z', end_at: '2026-08-14T23:00:00.000Z', reason: 'Summer holiday' }]);
  });

  it('stores complete location settings, defaults filled in', async () => {
    const rows = await suite.db.all(suite.db.qb.selectFrom('locations').select(['slug', 'settings']).orderBy('slug'));
    const [brooklyn, london] = rows.map((row) => parseLocationSettings(row.settings));
    expect(brooklyn!.classes).toEqual({
      signup_cutoff_minutes: 0,
      max_classes_per_day: null,
      cancellation_window_hours: 12,
      booking_horizon_days: 30,
      waitlist_offer_minutes: 60,
      waitlist_offer_cutoff_hours: 24,
      checkin_opens_minutes_before: 30,
      checkin_closes_minutes_after: 15,
      reminder_hours_before: 2,
    });
    expect(brooklyn!.access_hours?.sunday).toEqual([{ start: '07:00', end: '20:00' }]);
    expect(london!.classes.max_classes_per_day).toBe(2);
    expect(london!.checkin_alerts).toEqual({ past_due: 'block', no_card: 'off', form_missing: 'warn' });
    expect(london!.access_hours?.sunday).toBeUndefined();
  });
});
