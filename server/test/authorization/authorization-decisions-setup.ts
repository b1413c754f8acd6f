import { randomUUID } from 'node:crypto';
import { createService } from '../../src/modules/setup/services-admin.js';
import { createPlan } from '../../src/modules/setup/plans-admin.js';
import { createRoom } from '../../src/modules/rooms/repository.js';
import { createStaffMember } from '../../src/modules/setup/staff-members.js';
import type { Db } from '../../src/db/types.js';
import type { Decision, Target } from './authorization-decisions.js';

/**
 * The setup screens' rule: the owner sets up everything of its company; a manager reads setup and
 * changes its own locations' settings and rooms; the front desk nothing. A role refusal comes before
 * any lookup; a row of another company is not found (404), never refused, so it leaks not.
 */
const role = '403 role_not_allowed';
const ownerAnywhere = (ok: string) => ({ north: ok, south: ok, other: '404 resource_missing' });
const located = (ok: string) => ({ north: ok, south: '403 location_not_allowed', other: '404 resource_missing' });
/** Owner only, at a place. */
const ownerOnly = (ok: string) => ({ owner: ownerAnywhere(ok), manager: role, desk: role });
/** Owner anywhere in its company, manager at its location, desk never. */
const managers = (ok: string) => ({ owner: ownerAnywhere(ok), manager: located(ok), desk: role });

const serviceAt = async (db: Db, t: Target) =>
  (
    await createService(db, t.company.business, {
      location_id: t.location,
      name: 'Massage',
      kind: 'appointment',
      duration_minutes: 60,
      price_cents: 6000,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      requires_entitlement: false,
      free_classes: 0,
      first_timers_only: false,
    })
  ).id;

export const setupDecisions: Record<string, Decision> = {
  webSetupLocations: { request: () => ({ method: 'GET', url: '/app/api/setup/locations' }), expected: { owner: '200', manager: '200', desk: role } },
  webCreateLocation: {
    request: () => ({ method: 'POST', url: '/app/api/setup/locations', body: { name: 'East', slug: `east-${randomUUID().slice(0, 8)}`, timezone: 'Europe/London', country: 'GB', currency: 'GBP' } }),
    expected: { owner: '201', manager: role, desk: role },
  },
  webUpdateLocation: { request: (t) => ({ method: 'PATCH', url: `/app/api/setup/locations/${t.location}`, body: { settings: {} } }), expected: managers('200') },
  // A manager changes settings only: a location's name is the owner's.
  'webUpdateLocation with details': {
    request: (t) => ({ method: 'PATCH', url: `/app/api/setup/locations/${t.location}`, body: { address: '1 Main St' } }),
    expected: { owner: ownerAnywhere('200'), manager: { north: role, south: '403 location_not_allowed', other: '404 resource_missing' }, desk: role },
  },
  webSetupStaff: { request: () => ({ method: 'GET', url: '/app/api/setup/staff' }), expected: { owner: '200', manager: '200', desk: role } },
  webCreateStaffMember: { request: () => ({ method: 'POST', url: '/app/api/setup/staff', body: { first_name: 'Ana' } }), expected: { owner: '201', manager: role, desk: role } },
  webUpdateStaffMember: {
    request: async (t, db) => ({ method: 'PATCH', url: `/app/api/setup/staff/${(await createStaffMember(db, t.company.business, { first_name: 'Bea' })).id}`, body: { last_name: 'Lee' } }),
    expected: { owner: { north: '200', south: '200', other: '404 resource_missing' }, manager: role, desk: role },
  },
  webSetupRooms: { request: (t) => ({ method: 'GET', url: `/app/api/setup/rooms?location_id=${t.location}` }), expected: managers('200') },
  webCreateRoom: { request: (t) => ({ method: 'POST', url: '/app/api/setup/rooms', body: { location_id: t.location, name: 'Studio 2' } }), expected: managers('201') },
  webRenameRoom: {
    request: async (t, db) => ({ method: 'PATCH', url: `/app/api/setup/rooms/${(await createRoom(db, t.company.business, t.location, 'Studio 3')).id}`, body: { name: 'Studio 4' } }),
    expected: managers('200'),
  },
  webSetupServices: { request: (t) => ({ method: 'GET', url: `/app/api/setup/services?location_id=${t.location}` }), expected: managers('200') },
  webCreateService: {
    request: (t) => ({ method: 'POST', url: '/app/api/setup/services', body: { location_id: t.location, name: 'Yoga', kind: 'class', duration_minutes: 60, price_cents: 1500 } }),
    expected: ownerOnly('201'),
  },
  webUpdateService: { request: async (t, db) => ({ method: 'PATCH', url: `/app/api/setup/services/${await serviceAt(db, t)}`, body: { price_cents: 7000 } }), expected: ownerOnly('200') },
  webSetupPlans: { request: (t) => ({ method: 'GET', url: `/app/api/setup/plans?location_id=${t.location}` }), expected: managers('200') },
  webCreatePlan: {
    request: (t) => ({
      method: 'POST',
      url: '/app/api/setup/plans',
      body: { location_id: t.location, name: 'Monthly', price_cents: 5000, billing_interval: 'monthly', access_location_ids: [t.location] },
    }),
    expected: ownerOnly('201'),
  },
  webUpdatePlan: {
    request: async (t, db) => ({
      method: 'PATCH',
      url: `/app/api/setup/plans/${(await createPlan(db, t.company.business, { location_id: t.location, name: 'Annual', price_cents: 50000, billing_interval: 'yearly' })).id}`,
      body: { price_cents: 45000 },
    }),
    expected: ownerOnly('200'),
  },
  webSetupPackages: { request: (t) => ({ method: 'GET', url: `/app/api/setup/packages?location_id=${t.location}` }), expected: managers('200') },
  webCreatePackage: {
    request: (t) => ({ method: 'POST', url: '/app/api/setup/packages', body: { location_id: t.location, name: 'Ten classes', price_cents: 12000, total_sessions: 10 } }),
    expected: ownerOnly('201'),
  },
  webIssueGiftCard: {
    request: (t) => ({ method: 'POST', url: '/app/api/setup/gift-cards', body: { location_id: t.location, code: `GIFT-${randomUUID().slice(0, 8)}`, balance_cents: 2500 } }),
    expected: ownerOnly('201'),
  },
};
