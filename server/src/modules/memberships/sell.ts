import { randomUUID } from 'node:crypto';
import { ApiError, memberCodeKey, type HeldMembership, type SellMembership } from '@studio/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { getContact } from '../contacts/service.js';
import { recordEvent } from '../events/record.js';
import { nextFeedSeq } from '../feed/sequence.js';
import { requireLocation } from '../locations/lookup.js';
import { refuseCodeShadowingCard } from './credential-namespace.js';
import { localToday } from './periods.js';
import { heldMemberships } from './repository.js';
import { addPassRowsIfHolder } from '../passes/member-passes.js';

/** What a contact holds, as `heldMemberships` counts it, for a contact within the actor's reach. */
export async function contactMemberships(db: Db, actor: Actor, contactId: string): Promise<HeldMembership[]> {
  const contact = await getContact(db, actor, contactId);
  return heldMemberships(db, db, actor.companyId, { contactId: contact.id });
}

/** Sells a plan to a contact: an active membership from `start_date` (default today at the plan's location). */
export async function sellMembership(db: Db, actor: Actor, contactId: string, input: z.output<typeof SellMembership>, clock: Clock = systemClock): Promise<HeldMembership> {
  const contact = await getContact(db, actor, contactId);
  const plan = await db.first(db.qb.selectFrom('membership_plans').select(['id', 'location_id']).where('id', '=', input.plan_id).where('company_id', '=', actor.companyId));
  if (!plan) throw new ApiError('resource_missing', `No such membership plan: ${input.plan_id}.`, { param: 'plan_id' });
  const location = await requireLocation(db, db, actor, plan.location_id, 'plan_id');
  return insertHolding(db, actor, { kind: 'membership', contactId: contact.id, location, planId: plan.id, packageTemplateId: null, creditsTotal: null }, input, clock);
}

/** What a package sale takes: the template, and like a plan's sale a start date and member code. */
export interface SellPackageInput {
  package_template_id: string;
  start_date?: string | undefined;
  member_code?: string | undefined;
}

/**
 * Sells a package (a class pack) to a contact: an active package with the template's sessions as
 * credits, from `start_date` (default today at the template's location); checked and recorded as a
 * plan's sale is, member code included.
 */
export async function sellPackage(db: Db, actor: Actor, contactId: string, input: SellPackageInput, clock: Clock = systemClock): Promise<HeldMembership> {
  const contact = await getContact(db, actor, contactId);
  const template = await db.first(
    db.qb.selectFrom('package_templates').select(['id', 'location_id', 'total_sessions']).where('id', '=', input.package_template_id).where('company_id', '=', actor.companyId),
  );
  if (!template) throw new ApiError('resource_missing', `No such package template: ${input.package_template_id}.`, { param: 'package_template_id' });
  const location = await requireLocation(db, db, actor, template.location_id, 'package_template_id');
  return insertHolding(db, actor, { kind: 'package', contactId: contact.id, location, planId: null, packageTemplateId: template.id, creditsTotal: template.total_sessions }, input, clock);
}

interface Holding {
  kind: 'membership' | 'package';
  contactId: string;
  /** The location that sells the plan or package: the membership belongs to it. */
  location: { id: string; timezone: string };
  planId: string | null;
  packageTemplateId: string | null;
  creditsTotal: number | null;
}

/** Records a sale: the active membership or package, and its member code's key in the eligibility feed. */
async function insertHolding(db: Db, actor: Actor, holding: Holding, input: { start_date?: string | undefined; member_code?: string | undefined }, clock: Clock): Promise<HeldMembership> {
  const codeKey = input.member_code === undefined ? null : memberCodeKey(input.member_code);
  const at = clock();
  const now = toIso(at);
  const membership = {
    id: randomUUID(),
    company_id: actor.companyId,
    contact_id: holding.contactId,
    location_id: holding.location.id,
    kind: holding.kind,
    plan_id: holding.planId,
    package_template_id: holding.packageTemplateId,
    status: 'active',
    member_code: input.member_code?.trim() ?? null,
    start_date: input.start_date ?? localToday(holding.location.timezone, new Date(at)),
    end_date: null,
    credits_total: holding.creditsTotal,
    created_at: now,
    updated_at: now,
  };
  return db.transaction(async (sql) => {
    try {
      await sql.run(db.qb.insertInto('memberships').values(membership));
      if (codeKey) {
        // The feed counter first: every credential write of the company holds it until commit, so
        // the check sees a card enrolled at the same moment.
        const feedSeq = await nextFeedSeq(db, sql, actor.companyId);
        await refuseCodeShadowingCard(db, sql, actor.companyId, input.member_code!, null);
        await sql.run(
          db.qb.insertInto('credential_keys').values({
            company_id: actor.companyId,
            match_key: codeKey,
            membership_id: membership.id,
            credential_id: null,
            kind: 'code',
            feed_seq: feedSeq,
            feed_updated_at: now,
            created_at: now,
            revoked_at: null,
          }),
        );
      }
      await addPassRowsIfHolder(db, sql, actor.companyId, membership.contact_id, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('member_code_taken', 'Another membership has this member code.', { param: 'member_code' });
      throw error;
    }
    const [held] = await heldMemberships(db, sql, actor.companyId, { membershipId: membership.id });
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'membership.sold', locationId: holding.location.id, data: held! }, clock);
    return held!;
  });
}
