import { randomUUID } from 'node:crypto';
import type { Environment } from '@studio/shared';
import { freshDatabase, type DialectName } from '@studio/testkit/server/databases';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { defaultLimits } from '../../src/config.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { createDeviceKey, createKey } from '../../src/modules/keys/repository.js';
import { demoBusiness } from '../../src/modules/setup/demo.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import type { StaffAuthSettings } from '../../src/modules/staff-accounts/settings.js';
import { createLogger } from '../../src/server.js';
import { host } from '../web/web-studio.js';
import { fixtureSecrets, LogScan } from './secrets.js';

/**
 * The objects one key's requests aim at, all at one location: the demo business's Brooklyn (the
 * key's own location), its London (another location of the same company), or Brooklyn of a copy of
 * the demo business with every id changed (another company).
 */
export interface Target {
  companyId: string;
  location: string;
  appointmentService: string;
  technician: string;
  classService: string;
  /** A class two days ahead. */
  classId: string;
  contact: string;
  contactPhone: string;
  membership: string;
  memberCode: string;
  card: string;
  plan: string;
  /** Booked, for reading and cancelling. */
  booking: string;
  /** Booked, for rescheduling to `moveStart`. */
  movableBooking: string;
  freeStart: string;
  moveStart: string;
  /** Not in the class yet. */
  classBooker: string;
  /** Holds a spot, to be checked in. */
  classAttendee: string;
  /** Holds a spot, to be cancelled. */
  classCanceller: string;
  /** A facility visit of `membership`, recorded by the target's turnstile, for voiding (idempotent, so every cell may void it). */
  visit: string;
  /** The device keys of the target location's turnstile (`gate-<location>`) and desk reader (`desk-<location>`): a device's routes take only these (issue 29). */
  gateKey: string;
  deskKey: string;
  /** An event at `location` (its first booking's). */
  event: string;
  /** A webhook endpoint of the company (endpoints belong to no location), with `webhookDelivery`. */
  webhookEndpoint: string;
  /** Another, for deleting: a deletion must not take the first one's delivery with it. */
  doomedWebhookEndpoint: string;
  webhookDelivery: string;
}

export type TargetName = 'own' | 'otherLocation' | 'otherCompany';

export interface ApiRequest {
  method: string;
  /** With its query string. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as is. */
  payload?: string;
}

type DemoFile = Record<string, unknown> & { company: { id: string; name: string; key_prefix: string }; classes: unknown[]; membership_plans: unknown[] };
type Entry = { ref?: string; id: string; [field: string]: unknown };

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const hour = 3_600_000;
const day = 24 * hour;

/**
 * The demo business with a class later today at each location (the demo's own dates age), and
 * without its weekly series: thousands of class rows would make every digest of the database slow.
 */
async function demoWithClasses(): Promise<DemoFile> {
  const file = structuredClone(demoBusiness) as DemoFile;
  file.class_series = [];
  // London's plans admit London only, so its members are outside the reach of a Brooklyn key
  // (modules/locations/reach.ts): the other-location target stays another location's in every respect.
  for (const plan of file.membership_plans as Entry[]) if (plan.location === 'london') plan.access_locations = ['london'];
  // London's class attendee holds a plan too, so a Brooklyn key may serve them as a visitor once the
  // plan admits Brooklyn (security/cross-location.test.ts); a member apart from the one at the door.
  (file.memberships as Entry[]).push({
    ref: 'm-fuzz-attendee',
    id: randomUUID(),
    contact: 'poppy-walker',
    plan: 'ldn-unlimited',
    status: 'active',
    member_code: 'HL-2901',
    start_date: '2025-10-01',
    card_uids: ['04F1E2D3C4B5A6'],
  });
  // 13 to 14 hours ahead: beyond the 12-hour cancellation window, inside a check-in window opening a
  // day ahead (the widest a location may set), so the class may be booked, cancelled on time and checked into.
  const start = new Date(Math.ceil((Date.now() + 13 * hour) / hour) * hour).toISOString();
  // Open at every hour (no access hours), so a check-in's answer never depends on when the suite runs.
  for (const location of file.locations as { settings?: { classes?: Record<string, unknown>; access_hours?: unknown } }[]) {
    location.settings = { ...location.settings, classes: { ...location.settings?.classes, checkin_opens_minutes_before: 1440 } };
    delete location.settings.access_hours;
  }
  file.classes.push(
    { ref: 'fuzz-bk', id: randomUUID(), location: 'brooklyn', service: 'bk-yoga', staff: 'maya', start, capacity: 20 },
    { ref: 'fuzz-ldn', id: randomUUID(), location: 'london', service: 'ldn-yoga', staff: 'amara', start, capacity: 20 },
  );
  return file;
}

/** The same business with every id replaced, under another name and key prefix. */
function copyOf(file: DemoFile): DemoFile {
  const ids = new Map<string, string>();
  const idOf = (id: string) => ids.get(id) ?? ids.set(id, randomUUID()).get(id)!;
  const copy = JSON.parse(JSON.stringify(file).replace(uuidPattern, idOf)) as DemoFile;
  copy.company = { ...copy.company, name: 'Rival Fitness', key_prefix: 'rival' };
  return copy;
}

/** A demo file's ids by ref, per section. */
function refs(file: DemoFile) {
  return (section: string, ref: string): Entry => {
    const entry = (file[section] as Entry[]).find((candidate) => candidate.ref === ref);
    if (!entry) throw new Error(`no ${ref} in ${section}`);
    return entry;
  };
}

/** The ids a target names before its bookings and spots exist. */
function staticIds(file: DemoFile, at: 'brooklyn' | 'london') {
  const entry = refs(file);
  const pick =
    at === 'brooklyn'
      ? { service: 'bk-swedish-massage', staff: 'priya', classService: 'bk-yoga', cls: 'fuzz-bk', member: 'm-emma', plan: 'bk-unlimited', others: ['liam-williams', 'olivia-brown', 'zoe-hall'] }
      : {
          service: 'ldn-sports-massage',
          staff: 'amara',
          classService: 'ldn-yoga',
          cls: 'fuzz-ldn',
          member: 'm-oliver',
          plan: 'ldn-unlimited',
          others: ['amelia-jones', 'freya-roberts', 'poppy-walker'],
        };
  const membership = entry('memberships', pick.member);
  const contact = entry('contacts', membership.contact as string);
  return {
    companyId: file.company.id,
    location: entry('locations', at).id,
    appointmentService: entry('services', pick.service).id,
    technician: entry('staff', pick.staff).id,
    classService: entry('services', pick.classService).id,
    classId: entry('classes', pick.cls).id,
    contact: contact.id,
    contactPhone: contact.phone as string,
    membership: membership.id,
    memberCode: membership.member_code as string,
    card: (membership.card_uids as string[])[0]!,
    plan: entry('membership_plans', pick.plan).id,
    // Not the member who passes the door: a door check-in of a member holding a spot in a class whose
    // window is open is that class's check-in (classes/door-check-in.ts), which would change both cells.
    classAttendee: entry('contacts', pick.others[2]!).id,
    classCanceller: entry('contacts', pick.others[0]!).id,
    classBooker: entry('contacts', pick.others[1]!).id,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * A fresh database holding the demo business and a copy of it under another company, an app over
 * it whose every log line (down to trace) is checked for secrets by `logScan`, an all-scopes key per company,
 * and the three targets with bookings and class spots in place.
 */
export async function buildWorld(dialect: DialectName, options: { staffAuth?: StaffAuthSettings } = {}) {
  const database = await freshDatabase(dialect);
  const db: Db = await openDatabase(database.url);
  const own = await demoWithClasses();
  const rival = copyOf(own);
  await importBusiness(db, own);
  await importBusiness(db, rival);

  const logScan = new LogScan(fixtureSecrets([], [own, rival]));
  const logger = createLogger('trace', { write: (line: string) => logScan.write(line) });
  // Limits high enough never to refuse a fuzz run, but still counting every request.
  // The web app answers under the name the staff callers use (authorization/callers.ts).
  const app = await buildApp({
    db,
    logger,
    limits: { ...defaultLimits, rateLimitMax: 1e9, rateLimitAnonymousMax: 1e9, rateLimitSessionMax: 1e9 },
    allowedHosts: [host],
    ...(options.staffAuth && { staffAuth: options.staffAuth }),
  });
  const mintedKeys: string[] = [];
  const mint = async (companyId: string, scopes: Parameters<typeof createKey>[1]['scopes'] = 'all', locationIds: string[] | 'all' = 'all', environment: Environment = 'live') => {
    const minted = await createKey(db, { companyId, environment, scopes, locationIds });
    mintedKeys.push(minted.key);
    logScan.add(fixtureSecrets([minted.key], []));
    return minted;
  };
  const keys = { own: (await mint(own.company.id)).key, rival: (await mint(rival.company.id)).key };

  const send = (request: ApiRequest): Promise<LightMyRequestResponse> =>
    app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers ?? {}, ...(request.payload !== undefined && { payload: request.payload }) });
  const call = async (key: string, method: string, url: string, body?: unknown) => {
    const response = await send({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };

  /** Books what a target needs through the API, as its company's key. */
  async function prepare(key: string, ids: ReturnType<typeof staticIds>): Promise<Target> {
    const from = new Date(Date.now() + 2 * day).toISOString().slice(0, 10);
    const slots = async () =>
      (await call(key, 'GET', `/v1/availability?service_id=${ids.appointmentService}&location_id=${ids.location}&technician_id=${ids.technician}&from=${from}`)).data as { start: string }[];
    const book = async (start: string) =>
      (await call(key, 'POST', '/v1/bookings', { location_id: ids.location, service_id: ids.appointmentService, contact_id: ids.contact, technician_id: ids.technician, start })).id as string;
    const first = await slots();
    const booking = await book(first[0]!.start);
    const movableBooking = await book(first[Math.floor(first.length / 2)]!.start);
    const left = await slots();
    for (const contact of [ids.classAttendee, ids.classCanceller]) {
      await call(key, 'POST', `/v1/classes/${ids.classId}/book`, { contact_id: contact, allow_without_entitlement: true });
    }
    const device = async (kind: 'turnstile' | 'desk_reader') => {
      const deviceId = `${kind === 'turnstile' ? 'gate' : 'desk'}-${ids.location.slice(0, 8)}`;
      const minted = await createDeviceKey(db, { companyId: ids.companyId, locationId: ids.location, deviceId, kind });
      mintedKeys.push(minted.key);
      logScan.add(fixtureSecrets([minted.key], []));
      return minted.key;
    };
    const [gateKey, deskKey] = [await device('turnstile'), await device('desk_reader')];
    const visit = (await call(gateKey, 'POST', '/v1/members/check-in', { location_id: ids.location, membership_id: ids.membership })).id as string;
    const event = (await db.first(db.qb.selectFrom('events').select('id').where('company_id', '=', ids.companyId).where('location_id', '=', ids.location).where('type', '=', 'booking.created')))!.id;
    const webhooks = await webhookTargets(key, ids.companyId);
    return { ...ids, booking, movableBooking, visit, gateKey, deskKey, event, ...webhooks, freeStart: left[Math.floor(left.length / 3)]!.start, moveStart: left.at(-1)!.start };
  }

  /** Two endpoints made through the API (their secrets join what no log may show) and a delivery of an event to the first with its three attempts, written as the dispatcher and the worker would. */
  async function webhookTargets(key: string, companyId: string) {
    const endpoint = async () => {
      const made = (await call(key, 'POST', '/v1/webhook_endpoints', { url: 'https://receiver.example/hooks', event_types: ['*'] })) as { id: string; secret: string };
      logScan.add({ never: [made.secret, made.secret.slice('whsec_'.length)], notAtInfo: [] });
      return made.id;
    };
    const webhookEndpoint = await endpoint();
    const doomedWebhookEndpoint = await endpoint();
    const now = new Date().toISOString();
    const event = randomUUID();
    const webhookDelivery = randomUUID();
    await db.run(db.qb.insertInto('events').values({ id: event, company_id: companyId, type: 'contact.created', location_id: null, data: '{}', created_at: now, dispatched_at: now }));
    await db.run(
      db.qb.insertInto('webhook_deliveries').values({
        id: webhookDelivery,
        company_id: companyId,
        endpoint_id: webhookEndpoint,
        event_id: event,
        status: 'failed',
        attempts: 3,
        next_attempt_at: null,
        claimed_until: null,
        claim_token: null,
        last_attempt_at: now,
        last_status_code: 500,
        last_latency_ms: 12,
        last_error: 'HTTP 500',
        delivered_at: null,
        created_at: now,
      }),
    );
    for (const [index, status_code] of [500, 500, 500].entries()) {
      await db.run(
        db.qb.insertInto('webhook_attempts').values({
          id: randomUUID(),
          company_id: companyId,
          delivery_id: webhookDelivery,
          endpoint_id: webhookEndpoint,
          at: new Date(Date.parse(now) - (2 - index) * 60_000).toISOString(),
          status_code,
          latency_ms: 12,
          error: 'HTTP 500',
        }),
      );
    }
    return { webhookEndpoint, doomedWebhookEndpoint, webhookDelivery };
  }

  const rivalIds = staticIds(rival, 'brooklyn');
  const targets: Record<TargetName, Target> = {
    own: await prepare(keys.own, staticIds(own, 'brooklyn')),
    otherLocation: await prepare(keys.own, staticIds(own, 'london')),
    otherCompany: await prepare(keys.rival, rivalIds),
  };

  return {
    db,
    app,
    dialect,
    logScan,
    keys,
    mintedKeys,
    mint,
    targets,
    ownCompanyId: own.company.id,
    rivalCompanyId: rival.company.id,
    /** Both companies' import files, for the secrets a log must never show. */
    files: [own, rival],
    send,
    async close() {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}
