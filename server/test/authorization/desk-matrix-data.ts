import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/types.js';
import { toIso } from '../../src/clock/time.js';
import { recordDeskScan } from '../../src/modules/desk-scans/service.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { addCard } from '../../src/modules/members/admin.js';
import type { Target } from './authorization-decisions.js';
import { deviceActor } from '@studio/testkit/server/device-actor';

/**
 * A card number nobody holds yet (hex, as a reader sends it). It starts with a letter: random hex
 * of digits only would read as a decimal number, too long for one.
 */
export const freshUid = () => `A${randomBytes(6).toString('hex').toUpperCase()}B`;

/**
 * A membership of the place's contact sold at the place, on a plan admitting the place only: a plan
 * of every location would bring the contact within reach of the other location's staff.
 */
export async function membershipAt(db: Db, t: Target, status = 'active'): Promise<string> {
  const at = toIso(t.clock());
  const planId = randomUUID();
  const common = { company_id: t.company.companyId, location_id: t.location, created_at: at };
  await db.run(
    db.qb.insertInto('membership_plans').values({
      ...common,
      id: planId,
      name: 'Monthly',
      price_cents: 5000,
      billing_interval: 'monthly',
      visit_limit: null,
      visit_period: null,
      class_limit_per_week: null,
      access_location_ids: JSON.stringify([t.location]),
      covered_service_ids: null,
    }),
  );
  const id = randomUUID();
  await db.run(
    db.qb.insertInto('memberships').values({
      ...common,
      id,
      contact_id: t.contact,
      kind: 'membership',
      plan_id: planId,
      package_template_id: null,
      status,
      member_code: null,
      start_date: '2020-01-01',
      end_date: null,
      credits_total: null,
      updated_at: at,
    }),
  );
  return id;
}

/** A card on a fresh membership at the place, enrolled by the place's business. */
export async function cardAt(db: Db, t: Target): Promise<string> {
  return (await addCard(db, t.company.business, await membershipAt(db, t), freshUid())).id;
}

/** An unknown card read at the place's desk reader just now (the app's clock). */
export async function scanAt(db: Db, t: Target): Promise<string> {
  const reader = deviceActor(t.company.companyId, t.location, 'front', 'desk_reader');
  const read = await recordDeskScan(db, reader, { location_id: t.location, device_id: 'front:desk', identifier: freshUid() }, t.clock);
  if (read.status !== 201) throw new Error('expected an unknown card');
  return read.body.scan.id;
}

/** An API key of the place's company limited to the place. */
export async function keyAt(db: Db, t: Target): Promise<string> {
  return (await createKey(db, { companyId: t.company.companyId, scopes: 'all', locationIds: [t.location] })).id;
}
