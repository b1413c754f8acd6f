import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { importBusiness } from '../../src/modules/setup/importer.js';

/** A studio whose turnstile lets pack holders in free and charges members on the drop-in plan. */
const studioFile = (packDoor: unknown = 'nothing') => ({
  version: 1,
  company: { name: 'Door Studio', key_prefix: `door${Math.random().toString(36).slice(2, 8)}` },
  locations: [{ ref: 'main', name: 'Main', slug: 'main', timezone: 'Europe/Dublin', country: 'IE', settings: { classes: { checkin_opens_minutes_before: 20, checkin_closes_minutes_after: 10 } } }],
  membership_plans: [
    { ref: 'open', location: 'main', name: 'Open', price_cents: 5000, billing_interval: 'monthly' },
    { ref: 'gym', location: 'main', name: 'Gym', price_cents: 3000, billing_interval: 'monthly', door_checkin_consumes: 'visit' },
  ],
  package_templates: [{ ref: 'ten', location: 'main', name: 'Ten classes', price_cents: 15000, total_sessions: 10, door_checkin_consumes: packDoor }],
});

describe.each(dialects)('the door setting and the class check-in window through the import, on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);

  it("stores door_checkin_consumes on plans and packages, `visit` when left out, and the location's window", async () => {
    const summary = await importBusiness(suite.db, studioFile());
    const plans = await suite.db.all(suite.db.qb.selectFrom('membership_plans').select(['name', 'door_checkin_consumes']).where('company_id', '=', summary.company_id).orderBy('name'));
    expect(plans).toEqual([
      { name: 'Gym', door_checkin_consumes: 'visit' },
      { name: 'Open', door_checkin_consumes: 'visit' },
    ]);
    const pack = await suite.db.first(suite.db.qb.selectFrom('package_templates').select('door_checkin_consumes').where('company_id', '=', summary.company_id));
    expect(pack).toEqual({ door_checkin_consumes: 'nothing' });
    const location = await suite.db.first(suite.db.qb.selectFrom('locations').select('settings').where('company_id', '=', summary.company_id));
    expect(JSON.parse(location!.settings).classes).toMatchObject({ checkin_opens_minutes_before: 20, checkin_closes_minutes_after: 10 });
  });

  it('refuses another value, naming the field', async () => {
    const error = await importBusiness(suite.db, studioFile('half')).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect(JSON.stringify((error as ImportError).problems)).toContain('door_checkin_consumes');
  });
});
