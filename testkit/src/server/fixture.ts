import { randomUUID } from 'node:crypto';
import { buildApp } from '@studio/server/src/app.js';
import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import type { Db } from '@studio/server/src/db/types.js';
import { createCompany } from '@studio/server/src/modules/companies/repository.js';
import { createDeviceKey, createKey } from '@studio/server/src/modules/keys/repository.js';
import type { DeviceKind, Scope } from '@studio/shared';
import { freshDatabase, type DialectName } from './databases.js';

export interface Answer {
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is, for malformed bodies. */
  payload?: string;
  headers?: Record<string, string>;
}

const now = () => new Date().toISOString();

async function addLocation(db: Db, companyId: string, name: string, timezone: string, country: string) {
  const row = {
    id: randomUUID(),
    company_id: companyId,
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    timezone,
    country,
    address: null,
    settings: '{}',
    created_at: now(),
  };
  await db.run(db.qb.insertInto('locations').values(row));
  return row;
}

/** A service, a plan, a package template and a gift card at `locationId`, so lists have something per location. */
async function addCatalog(db: Db, companyId: string, locationId: string, label: string) {
  const base = { company_id: companyId, location_id: locationId, created_at: now() };
  await db.run(
    db.qb.insertInto('services').values({
      ...base,
      id: randomUUID(),
      name: `${label} massage`,
      description: null,
      category: 'spa',
      kind: 'appointment',
      duration_minutes: 60,
      price_cents: 9000,
      buffer_before_minutes: 0,
      buffer_after_minutes: 10,
      room_id: null,
      requires_entitlement: 0,
      free_classes: 0,
      first_timers_only: 0,
    }),
  );
  await db.run(
    db.qb.insertInto('membership_plans').values({
      ...base,
      id: randomUUID(),
      name: `${label} unlimited`,
      price_cents: 12000,
      billing_interval: 'monthly',
      visit_limit: null,
      visit_period: null,
      class_limit_per_week: null,
      access_location_ids: null,
      covered_service_ids: null,
    }),
  );
  await db.run(db.qb.insertInto('package_templates').values({ ...base, id: randomUUID(), name: `${label} ten pack`, price_cents: 15000, total_sessions: 10, covered_service_ids: null }));
  await db.run(db.qb.insertInto('gift_cards').values({ ...base, id: randomUUID(), code: `${label}-GC-1`, initial_balance_cents: 5000, current_balance_cents: 5000, status: 'active' }));
}

/** One database with two companies: Acme (a US and a GB location) and Other (one US location). */
export async function startFixture(dialect: DialectName) {
  const database = await freshDatabase(dialect);
  const db = await openDatabase(database.url);
  const app = await buildApp({ db });

  const acme = await createCompany(db, { name: 'Acme Fitness', key_prefix: 'acme' });
  const us = await addLocation(db, acme.id, 'Brooklyn', 'America/New_York', 'US');
  const gb = await addLocation(db, acme.id, 'Camden', 'Europe/London', 'GB');
  const other = await createCompany(db, { name: 'Other Gym', key_prefix: 'other' });
  const otherLocation = await addLocation(db, other.id, 'Elsewhere', 'America/Chicago', 'US');
  for (const [company, location, label] of [
    [acme.id, us.id, 'us'],
    [acme.id, gb.id, 'gb'],
    [other.id, otherLocation.id, 'other'],
  ] as const) {
    await addCatalog(db, company, location, label);
  }

  const mint = async (options: { company?: string; environment?: 'live' | 'test'; scopes?: Scope[] | 'all'; locations?: string[] | 'all' } = {}) =>
    (await createKey(db, { companyId: options.company ?? acme.id, environment: options.environment, scopes: options.scopes ?? 'all', locationIds: options.locations ?? 'all' })).key;

  /** A device key (issue 29): the one key that reports this device's offline check-ins, voids, desk scans and heartbeats. */
  const mintDevice = async (deviceId: string, kind: DeviceKind, options: { company?: string; location?: string; alsoScopes?: Scope[] } = {}) =>
    (await createDeviceKey(db, { companyId: options.company ?? acme.id, locationId: options.location ?? us.id, deviceId, kind, ...(options.alsoScopes && { alsoScopes: options.alsoScopes }) })).key;

  const devices = new Map<string, string>();
  /** The device key of a device id at a location, minted on first use and kept: what its agent sends check-ins, voids and heartbeats with. */
  const deviceKey = async (deviceId = 'gate-1', kind: DeviceKind = 'turnstile', location: string = us.id) => {
    const known = devices.get(`${location} ${deviceId}`);
    if (known !== undefined) return known;
    const key = await mintDevice(deviceId, kind, { location });
    devices.set(`${location} ${deviceId}`, key);
    return key;
  };

  const request = async (method: string, url: string, options: RequestOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== null) headers.authorization ??= `Bearer ${options.key ?? keys.all}`;
    let payload = options.payload;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload }) });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // Not JSON: tests assert on the raw text.
    }
    return { status: response.statusCode, headers: response.headers, body };
  };

  const keys = {
    all: await mint(),
    usOnly: await mint({ locations: [us.id] }),
    other: await mint({ company: other.id }),
  };

  return {
    db,
    app,
    url: database.url,
    acme: { id: acme.id, us, gb },
    other: { id: other.id, location: otherLocation },
    keys,
    mint,
    mintDevice,
    deviceKey,
    request,
    async close() {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}

export type Fixture = Awaited<ReturnType<typeof startFixture>>;
