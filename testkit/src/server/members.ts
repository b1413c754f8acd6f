import { randomUUID } from 'node:crypto';
import { addCard, revokeCard, setFormSigned } from '@studio/server/src/modules/members/admin.js';
import { nextFeedSeq } from '@studio/server/src/modules/feed/sequence.js';
import { memberCodeKey } from '@studio/shared';
import type { Fixture } from './fixture.js';
import { systemActor } from '@studio/server/src/domain/actor.js';

export interface PlanOptions {
  locationId?: string;
  visitLimit?: number | null;
  visitPeriod?: 'day' | 'week' | 'month' | null;
  billingInterval?: string;
  accessLocationIds?: string[] | null;
  classLimitPerWeek?: number | null;
  coveredServiceIds?: string[] | null;
}

export interface MemberOptions {
  locationId?: string;
  planId?: string;
  /** A class pack; `doorCheckinConsumes` is its template's door setting (default `visit`). */
  package?: { credits: number; doorCheckinConsumes?: 'visit' | 'nothing' };
  status?: string;
  startDate?: string;
  endDate?: string | null;
  code?: string;
  cards?: { value: string; format?: 'auto' | 'hex' | 'decimal' | 'wiegand26' }[];
  formSigned?: boolean;
  firstName?: string;
}

const now = () => new Date().toISOString();

/** Builds members the way the setup side does (same tables, same feed bumps). */
export function memberBuilder(f: Fixture) {
  const db = f.db;
  const companyId = f.acme.id;

  async function plan(options: PlanOptions = {}) {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('membership_plans').values({
        id,
        company_id: companyId,
        location_id: options.locationId ?? f.acme.us.id,
        name: `Plan ${id.slice(0, 4)}`,
        price_cents: 5000,
        billing_interval: options.billingInterval ?? 'monthly',
        visit_limit: options.visitLimit ?? null,
        visit_period: options.visitPeriod ?? null,
        class_limit_per_week: options.classLimitPerWeek ?? null,
        access_location_ids: options.accessLocationIds === undefined || options.accessLocationIds === null ? null : JSON.stringify(options.accessLocationIds),
        covered_service_ids: options.coveredServiceIds ? JSON.stringify(options.coveredServiceIds) : null,
        created_at: now(),
      }),
    );
    return id;
  }

  async function member(options: MemberOptions = {}) {
    const locationId = options.locationId ?? f.acme.us.id;
    const contactId = randomUUID();
    await db.run(
      db.qb.insertInto('contacts').values({
        id: contactId,
        company_id: companyId,
        location_id: locationId,
        first_name: options.firstName ?? 'Member',
        last_name: null,
        phone: null,
        email: null,
        notes: null,
        search_text: 'member',
        created_at: now(),
        updated_at: now(),
      }),
    );
    let templateId: string | null = null;
    if (options.package) {
      templateId = randomUUID();
      await db.run(
        db.qb.insertInto('package_templates').values({
          id: templateId,
          company_id: companyId,
          location_id: locationId,
          name: 'Pack',
          price_cents: 100,
          total_sessions: options.package.credits,
          covered_service_ids: null,
          created_at: now(),
          ...(options.package.doorCheckinConsumes && { door_checkin_consumes: options.package.doorCheckinConsumes }),
        }),
      );
    }
    const planId = options.package ? null : (options.planId ?? (await plan({ locationId })));
    const membershipId = randomUUID();
    await db.run(
      db.qb.insertInto('memberships').values({
        id: membershipId,
        company_id: companyId,
        contact_id: contactId,
        location_id: locationId,
        kind: options.package ? 'package' : 'membership',
        plan_id: planId,
        package_template_id: templateId,
        status: options.status ?? 'active',
        member_code: options.code ?? null,
        start_date: options.startDate ?? '2020-01-01',
        end_date: options.endDate ?? null,
        credits_total: options.package?.credits ?? null,
        created_at: now(),
        updated_at: now(),
      }),
    );
    const code = options.code;
    if (code) {
      // The feed counter is a row lock (server/src/db/row-locks.ts): it is taken inside a transaction.
      await db.transaction(async (tx) => {
        const seq = await nextFeedSeq(db, tx, companyId);
        await tx.run(
          db.qb.insertInto('credential_keys').values({
            company_id: companyId,
            match_key: memberCodeKey(code),
            membership_id: membershipId,
            credential_id: null,
            kind: 'code',
            feed_seq: seq,
            feed_updated_at: now(),
            created_at: now(),
            revoked_at: null,
          }),
        );
      });
    }
    const cardIds: string[] = [];
    for (const card of options.cards ?? []) cardIds.push((await addCard(db, systemActor(companyId, 'test'), membershipId, card.value, card.format)).id);
    if (options.formSigned !== false) await setFormSigned(db, systemActor(companyId, 'test'), contactId, now());
    return { contactId, membershipId, planId, cardIds };
  }

  /** A location of Acme with its own settings, so a rule's variant does not disturb other tests. */
  async function location(settings: Record<string, unknown> = {}, timezone = 'America/New_York') {
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('locations').values({
        id,
        company_id: companyId,
        name: `Site ${id.slice(0, 6)}`,
        slug: `site-${id.slice(0, 8)}`,
        timezone,
        country: 'US',
        address: null,
        settings: JSON.stringify(settings),
        created_at: now(),
      }),
    );
    return id;
  }

  /** Revokes a card as the setup command does: the feed tells agents, and the card resolves no more. */
  async function revokeMemberCard(credentialId: string) {
    await revokeCard(db, systemActor(companyId, 'test'), credentialId);
  }

  return { plan, member, location, revokeMemberCard };
}
