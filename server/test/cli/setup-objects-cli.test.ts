import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { beforeAll, describe, expect, it } from 'vitest';
import { importBusiness } from '../../src/modules/setup/importer.js';

/**
 * The setup commands (locations create|update, staff create, rooms list, services, plans,
 * packages create|list, giftcards issue|list), each a real process, naming objects as a person
 * does (slug, name, email); the steps build on each other.
 */
describe.each(dialects)('the setup CLI on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  beforeAll(async () => {
    await importBusiness(suite.db, {
      version: 1,
      company: { name: 'Cedar Pilates', key_prefix: 'cedar' },
      locations: [{ ref: 'galway', name: 'Cedar Galway', slug: 'galway', timezone: 'Europe/Dublin', country: 'IE' }],
    });
  });

  const studio = (...args: string[]) => runStudio(suite.url, args);
  const printed = async (...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    return JSON.parse(outcome.stdout);
  };
  const refused = async (pattern: RegExp, ...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(pattern);
  };

  it('creates a location with its zone and currency, refuses a bad zone and a taken slug, and changes its details', async () => {
    const created = await printed('locations', 'create', '--name', 'Cedar Dublin', '--slug', 'dublin', '--timezone', 'Europe/Dublin', '--country', 'IE', '--currency', 'EUR');
    expect(created).toMatchObject({ name: 'Cedar Dublin', slug: 'dublin', timezone: 'Europe/Dublin', currency: 'EUR', address: null, settings: { branding: { language: 'en' } } });
    await refused(/^studio: --timezone: Invalid timezone/, 'locations', 'create', '--name', 'X', '--slug', 'x', '--timezone', 'Mars/Olympus', '--country', 'IE', '--currency', 'EUR');
    await refused(
      /^studio: Another location of this business has the slug "dublin"/,
      'locations',
      'create',
      '--name',
      'X',
      '--slug',
      'dublin',
      '--timezone',
      'Europe/Dublin',
      '--country',
      'IE',
      '--currency',
      'EUR',
    );
    const updated = await printed('locations', 'update', 'dublin', '--address', '1 Main St', '--currency', 'GBP');
    expect(updated).toMatchObject({ id: created.id, address: '1 Main St', currency: 'GBP', timezone: 'Europe/Dublin' });
  });

  it('adds staff and lists them and the rooms, then a class service with its room, staff and entitlement rule', async () => {
    const ana = await printed('staff', 'create', '--first-name', 'Ana', '--last-name', 'Ruiz', '--email', 'ana@cedar.example');
    expect(await printed('staff', 'list', '--company', 'cedar')).toEqual({ data: [{ id: ana.id, name: 'Ana Ruiz', email: 'ana@cedar.example' }] });
    const room = await printed('rooms', 'create', '--location', 'dublin', '--name', 'Reformer Room');
    expect((await printed('rooms', 'list', '--location', 'dublin')).map((r: { id: string }) => r.id)).toEqual([room.id]);

    const service = await printed(
      'services',
      'create',
      '--location',
      'dublin',
      '--name',
      'Reformer',
      '--kind',
      'class',
      '--duration',
      '50',
      '--price-cents',
      '2500',
      '--room',
      'Reformer Room',
      '--staff',
      'ana@cedar.example',
      '--requires-entitlement',
      '--free-classes',
      '1',
    );
    expect(service).toMatchObject({ kind: 'class', room_id: room.id, staff_ids: [ana.id], requires_entitlement: true, free_classes: 1, first_timers_only: false });
    const changed = await printed('services', 'update', 'Reformer', '--price-cents', '2800');
    // What was not named stays as it was.
    expect(changed).toMatchObject({ price_cents: 2800, room_id: room.id, staff_ids: [ana.id], requires_entitlement: true, free_classes: 1 });
    await refused(/^studio: --kind: Invalid kind/, 'services', 'update', 'Reformer', '--kind', 'workshop');
    expect((await printed('services', 'list')).map((s: { name: string }) => s.name)).toEqual(['Reformer']);
  });

  it('creates and changes a plan with its visit limit, refusing a limit without its period', async () => {
    await refused(
      /^studio: --visit-period: .*visit_limit and visit_period go together/,
      'plans',
      'create',
      '--location',
      'dublin',
      '--name',
      'Eight',
      '--price-cents',
      '6000',
      '--billing',
      'monthly',
      '--visit-limit',
      '8',
    );
    const plan = await printed(
      'plans',
      'create',
      '--location',
      'dublin',
      '--name',
      'Eight',
      '--price-cents',
      '6000',
      '--billing',
      'monthly',
      '--visit-limit',
      '8',
      '--visit-period',
      'month',
      '--access',
      'dublin',
      '--covers',
      'Reformer',
    );
    expect(plan).toMatchObject({ visit_limit: 8, visit_period: 'month', access_location_ids: [expect.any(String)], covered_service_ids: [expect.any(String)], door_checkin_consumes: 'visit' });
    const updated = await printed('plans', 'update', 'Eight', '--price-cents', '6500', '--door-consumes', 'nothing');
    expect(updated).toMatchObject({ price_cents: 6500, visit_limit: 8, visit_period: 'month', door_checkin_consumes: 'nothing' });
    expect((await printed('plans', 'list', '--location', 'dublin')).map((p: { id: string }) => p.id)).toEqual([plan.id]);
  });

  it('creates a package template and issues gift cards, a code once', async () => {
    const pack = await printed('packages', 'create', '--location', 'dublin', '--name', 'Ten Reformer', '--price-cents', '22000', '--sessions', '10', '--covers', 'Reformer');
    expect(pack).toMatchObject({ name: 'Ten Reformer', total_sessions: 10, covered_service_ids: [expect.any(String)] });
    expect((await printed('packages', 'list')).map((p: { id: string }) => p.id)).toEqual([pack.id]);
    const card = await printed('giftcards', 'issue', '--location', 'dublin', '--code', 'CEDAR-50', '--balance-cents', '5000');
    expect(card).toMatchObject({ code: 'CEDAR-50', initial_balance_cents: 5000, current_balance_cents: 5000, status: 'active' });
    await refused(/^studio: Another gift card of this business has the code "CEDAR-50"/, 'giftcards', 'issue', '--location', 'dublin', '--code', 'CEDAR-50', '--balance-cents', '100');
    expect((await printed('giftcards', 'list', '--location', 'dublin')).map((c: { code: string }) => c.code)).toEqual(['CEDAR-50']);
  });
});
