import { randomUUID } from 'node:crypto';
import { enrolmentKeys, memberCodeKey } from '@studio/shared';
import { openDatabase } from '../server/src/db/dialects/open.js';
import { refreshStatistics } from '../server/src/db/statistics.js';
import type { Db } from '../server/src/db/types.js';
import { createCompany } from '../server/src/modules/companies/repository.js';
import { createDeviceKey, createKey } from '../server/src/modules/keys/repository.js';
import { seedSchedule, type ScheduleData } from './seed-schedule.js';

export interface BenchData {
  key: string;
  /** The device keys of the agent benches' turnstiles: scan to relay (`bench-gate`), outbox drain (`bench-drain`), the shipped agent (`bench-ship`). */
  deviceKeys: { gate: string; drain: string; ship: string };
  locationIds: string[];
  /** What a reader or a member would present: codes and 10-digit card numbers. */
  identifiers: string[];
  contactSearches: string[];
  /** 5-byte EM4100 ids of cards of members the gate admits (their 10-digit print is the low 4 bytes). */
  admittedCardIds: Buffer[];
  /** Their memberships, in the same order. */
  admittedMembershipIds: string[];
  companyId: string;
  schedule: ScheduleData;
}

const batchSize = 400;

async function insertBatches<T>(db: Db, rows: T[], insert: (batch: T[]) => Parameters<Db['run']>[0]) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += batchSize) await tx.run(insert(rows.slice(i, i + batchSize)));
  });
}

/** A company of `members` members over 5 locations, each with a member code and one card. */
export async function seedBench(databaseUrl: string, members: number): Promise<BenchData> {
  const db = await openDatabase(databaseUrl);
  try {
    const now = new Date().toISOString();
    const company = await createCompany(db, { name: 'Bench Gyms', key_prefix: 'bench' });
    const locationIds: string[] = [];
    const planIds: string[] = [];
    for (let l = 0; l < 5; l++) {
      const id = randomUUID();
      locationIds.push(id);
      await db.run(
        db.qb
          .insertInto('locations')
          .values({ id, company_id: company.id, name: `Site ${l}`, slug: `site-${l}`, timezone: 'America/New_York', country: 'US', address: null, settings: '{}', created_at: now }),
      );
      const planId = randomUUID();
      planIds.push(planId);
      await db.run(
        db.qb.insertInto('membership_plans').values({
          id: planId,
          company_id: company.id,
          location_id: id,
          name: 'Unlimited',
          price_cents: 9900,
          billing_interval: 'monthly',
          visit_limit: null,
          visit_period: null,
          class_limit_per_week: null,
          access_location_ids: null,
          covered_service_ids: null,
          created_at: now,
        }),
      );
    }
    const contacts = [],
      memberships = [],
      credentials = [],
      keys = [];
    const identifiers: string[] = [];
    const contactIds: string[] = [];
    const admittedCardIds: Buffer[] = [];
    const admittedMembershipIds: string[] = [];
    for (let i = 0; i < members; i++) {
      const l = i % 5;
      const contactId = randomUUID();
      contactIds.push(contactId);
      const membershipId = randomUUID();
      const credentialId = randomUUID();
      const code = `M${String(i).padStart(7, '0')}`;
      const card = String(1_000_000_000 + i * 37).padStart(10, '0');
      const name = `Member${i}`;
      contacts.push({
        id: contactId,
        company_id: company.id,
        location_id: locationIds[l]!,
        first_name: name,
        last_name: 'Bench',
        phone: null,
        email: `m${i}@example.com`,
        notes: null,
        search_text: `${name.toLowerCase()} bench m${i}@example.com`,
        created_at: now,
        updated_at: now,
        form_signed_at: now,
      });
      memberships.push({
        id: membershipId,
        company_id: company.id,
        contact_id: contactId,
        location_id: locationIds[l]!,
        kind: 'membership' as const,
        plan_id: planIds[l]!,
        package_template_id: null,
        status: i % 20 === 0 ? 'past_due' : 'active',
        member_code: code,
        start_date: '2026-01-01',
        end_date: null,
        credits_total: null,
        created_at: now,
        updated_at: now,
      });
      const enrolled = enrolmentKeys(card, 'decimal');
      credentials.push({
        id: credentialId,
        company_id: company.id,
        membership_id: membershipId,
        kind: 'card_uid' as const,
        value: card,
        format: 'decimal',
        canonical: enrolled.canonical,
        created_at: now,
        revoked_at: null,
      });
      const key = { company_id: company.id, membership_id: membershipId, feed_seq: 1, feed_updated_at: now, created_at: now, revoked_at: null };
      keys.push({ ...key, match_key: memberCodeKey(code), credential_id: null, kind: 'code' as const });
      for (const matchKey of enrolled.keys) keys.push({ ...key, match_key: matchKey, credential_id: credentialId, kind: 'card_uid' as const });
      identifiers.push(i % 2 ? code : card);
      if (i % 20 !== 0) {
        admittedCardIds.push(Buffer.from([0, ...Buffer.from((1_000_000_000 + i * 37).toString(16).padStart(8, '0'), 'hex')]));
        admittedMembershipIds.push(membershipId);
      }
    }
    await insertBatches(db, contacts, (batch) => db.qb.insertInto('contacts').values(batch));
    await insertBatches(db, memberships, (batch) => db.qb.insertInto('memberships').values(batch));
    await insertBatches(db, credentials, (batch) => db.qb.insertInto('credentials').values(batch));
    await insertBatches(db, keys, (batch) => db.qb.insertInto('credential_keys').values(batch));
    const contactIdsByLocation = locationIds.map((_, l) => contactIds.filter((_, i) => i % 5 === l));
    const schedule = await seedSchedule(db, company.id, locationIds, contactIdsByLocation);
    // Fresh statistics, as autovacuum (Postgres) or the optimizer (SQLite) would have them in service.
    await refreshStatistics(db, 'all');
    const { key } = await createKey(db, { companyId: company.id, scopes: 'all', locationIds: 'all', name: 'bench' });
    // The agents' own device keys (issue 29): a turnstile's check-ins, late reports and heartbeats go with its key only.
    const deviceKey = async (deviceId: string) => (await createDeviceKey(db, { companyId: company.id, locationId: locationIds[0]!, deviceId, kind: 'turnstile' })).key;
    const deviceKeys = { gate: await deviceKey('bench-gate'), drain: await deviceKey('bench-drain'), ship: await deviceKey('bench-ship') };
    const contactSearches = Array.from({ length: 50 }, (_, n) => `member${(n * 7919) % members}`);
    return { key, deviceKeys, companyId: company.id, locationIds, identifiers, contactSearches, admittedCardIds, admittedMembershipIds, schedule };
  } finally {
    await db.close();
  }
}
