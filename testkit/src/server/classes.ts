import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { DialectName } from './databases.js';
import { startFixture, type Fixture } from './fixture.js';
import { memberBuilder } from './members.js';

export interface ClassServiceOptions {
  locationId?: string;
  requiresEntitlement?: boolean;
  freeClasses?: number;
  firstTimersOnly?: boolean;
}

const stamp = () => new Date().toISOString();

/** Builds class services, classes and plain contacts the way the setup side stores them; members come from memberBuilder. */
export function classBuilder(f: Fixture) {
  const db = f.db;
  const companyId = f.acme.id;
  const members = memberBuilder(f);

  async function service(options: ClassServiceOptions = {}) {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('services').values({
        id,
        company_id: companyId,
        location_id: options.locationId ?? f.acme.us.id,
        name: `Class ${id.slice(0, 4)}`,
        description: null,
        category: 'fitness',
        kind: 'class',
        duration_minutes: 60,
        price_cents: 2000,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        room_id: null,
        requires_entitlement: options.requiresEntitlement ? 1 : 0,
        free_classes: options.freeClasses ?? 0,
        first_timers_only: options.firstTimersOnly ? 1 : 0,
        created_at: stamp(),
      }),
    );
    return id;
  }

  /** A scheduled class starting at `start` (ISO) for an hour. */
  async function classAt(start: string, options: { serviceId: string; locationId?: string; capacity?: number }) {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('classes').values({
        id,
        company_id: companyId,
        location_id: options.locationId ?? f.acme.us.id,
        service_id: options.serviceId,
        staff_id: null,
        room_id: null,
        series_id: null,
        start_at: new Date(start).toISOString(),
        end_at: new Date(Date.parse(start) + 3600_000).toISOString(),
        capacity: options.capacity ?? 10,
        status: 'scheduled',
        created_at: stamp(),
      }),
    );
    return id;
  }

  /** A contact with no membership (a drop-in). */
  async function contact(options: { locationId?: string; formSigned?: boolean; firstName?: string; lastName?: string } = {}) {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('contacts').values({
        id,
        company_id: companyId,
        location_id: options.locationId ?? f.acme.us.id,
        first_name: options.firstName ?? 'Guest',
        last_name: options.lastName ?? null,
        phone: null,
        email: null,
        notes: null,
        search_text: 'guest',
        created_at: stamp(),
        updated_at: stamp(),
        form_signed_at: options.formSigned === false ? null : stamp(),
      }),
    );
    return id;
  }

  const book = (classId: string, contactId: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    f.request('POST', `/v1/classes/${classId}/book`, { body: { contact_id: contactId, ...extra }, headers });
  const cancel = (classId: string, contactId: string, extra: Record<string, unknown> = {}) => f.request('POST', `/v1/classes/${classId}/cancel`, { body: { contact_id: contactId, ...extra } });
  const checkIn = (classId: string, contactId: string, headers: Record<string, string> = {}) => f.request('POST', `/v1/classes/${classId}/check-in`, { body: { contact_id: contactId }, headers });
  const detail = async (classId: string) => (await f.request('GET', `/v1/classes/${classId}`)).body;

  return { ...members, service, classAt, contact, book, cancel, checkIn, detail };
}

/**
 * A class suite on one dialect: the fixture and the builder (`suite.f`, `suite.c`), and, with
 * `frozenAt`, Date frozen at that instant for every test (timers stay real), so windows and
 * boundaries are exact.
 */
export function classSuite(dialect: DialectName, options: { frozenAt?: string } = {}) {
  const suite = {} as { f: Fixture; c: ReturnType<typeof classBuilder> };
  beforeAll(async () => {
    suite.f = await startFixture(dialect);
    suite.c = classBuilder(suite.f);
  });
  afterAll(() => suite.f.close());
  if (options.frozenAt !== undefined) {
    const frozenAt = options.frozenAt;
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(frozenAt));
    });
    afterEach(() => vi.useRealTimers());
  }
  return suite;
}
