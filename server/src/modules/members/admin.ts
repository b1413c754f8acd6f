import { randomUUID } from 'node:crypto';
import { ApiError, CredentialFormatError, enrolmentKeys, membershipStatuses, type EnrolmentFormat } from '@studio/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { assertLocationAllowed } from '../locations/lookup.js';
import { assertInReach } from '../locations/reach.js';
import { refuseCardShadowedByCode } from '../memberships/credential-namespace.js';
import { refuseCardInOtherByteOrder } from '../desk-scans/card-holder.js';
import { recordEvent } from '../events/record.js';
import { bumpFeed, nextFeedSeq } from '../feed/sequence.js';
import { heldMemberships } from '../memberships/repository.js';

/**
 * The setup side's changes to members (the CLI's today, staff screens' next), each in one
 * transaction with its feed bump, so the next delta of the eligibility feed carries it. A
 * membership is changed by an actor it is within reach of; a contact's record by an actor of
 * their home location, as the API changes it.
 */

async function membershipOf(db: Db, actor: Actor, membershipId: string) {
  const membership = await db.first(db.qb.selectFrom('memberships').select(['id', 'contact_id', 'location_id']).where('id', '=', membershipId).where('company_id', '=', actor.companyId));
  if (!membership) throw new ApiError('resource_missing', `No membership ${membershipId} in this company.`, { param: 'membership' });
  await assertInReach(db, db, actor, membership.contact_id, 'membership', 'membership');
  return membership;
}

function enrolOrRefuse(value: string, format: EnrolmentFormat) {
  try {
    return enrolmentKeys(value, format);
  } catch (error) {
    // The message names the broken rule, never the number.
    if (error instanceof CredentialFormatError) throw new ApiError('invalid_param', error.message, { param: 'uid' });
    throw error;
  }
}

/** Enrols a fob or card; its number is stored with every key it can be matched by. */
export async function addCard(db: Db, actor: Actor, membershipId: string, value: string, format: EnrolmentFormat = 'auto', clock: Clock = systemClock) {
  const { companyId } = actor;
  await membershipOf(db, actor, membershipId);
  const enrolled = enrolOrRefuse(value, format);
  const now = toIso(clock());
  const credential = {
    id: randomUUID(),
    company_id: companyId,
    membership_id: membershipId,
    kind: 'card_uid' as const,
    value: value.trim(),
    format,
    canonical: enrolled.canonical,
    created_at: now,
    revoked_at: null,
  };
  try {
    await db.transaction(async (tx) => {
      // The feed counter first: every credential write of the company holds it until commit, so
      // the namespace checks below see any card or code enrolled at the same moment.
      const seq = await nextFeedSeq(db, tx, companyId);
      await refuseCardShadowedByCode(db, tx, companyId, enrolled.keys, membershipId);
      await refuseCardInOtherByteOrder(db, tx, actor, enrolled.keys, membershipId);
      await tx.run(db.qb.insertInto('credentials').values(credential));
      await tx.run(
        db.qb.insertInto('credential_keys').values(
          enrolled.keys.map((key) => ({
            company_id: companyId,
            match_key: key,
            membership_id: membershipId,
            credential_id: credential.id,
            kind: 'card_uid' as const,
            feed_seq: seq,
            feed_updated_at: now,
            created_at: now,
            revoked_at: null,
          })),
        ),
      );
      // has_card may have changed for the membership's other keys too.
      await bumpFeed(db, tx, companyId, [membershipId]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('invalid_param', 'This card number is already enrolled to a membership.', { param: 'uid' });
    throw error;
  }
  return { id: credential.id, membership_id: membershipId, canonical: enrolled.canonical, lossy: enrolled.lossy, created_at: now };
}

/** Revokes a card at once: resolve stops matching it, and the feed carries a tombstone for each of its keys. */
export async function revokeCard(db: Db, actor: Actor, credentialId: string, clock: Clock = systemClock) {
  const { companyId } = actor;
  const credential = await db.first(
    db.qb
      .selectFrom('credentials as k')
      .innerJoin('memberships as m', 'm.id', 'k.membership_id')
      .select(['k.id', 'k.membership_id', 'k.revoked_at', 'm.contact_id'])
      .where('k.id', '=', credentialId)
      .where('k.company_id', '=', companyId),
  );
  if (!credential) throw new ApiError('resource_missing', `No credential ${credentialId} in this company.`, { param: 'credential' });
  await assertInReach(db, db, actor, credential.contact_id, 'membership', 'credential');
  if (credential.revoked_at !== null) return { id: credentialId, membership_id: credential.membership_id, revoked_at: credential.revoked_at };
  const now = toIso(clock());
  await db.transaction(async (tx) => {
    await tx.run(db.qb.updateTable('credentials').set({ revoked_at: now }).where('id', '=', credentialId).where('revoked_at', 'is', null));
    await tx.run(db.qb.updateTable('credential_keys').set({ revoked_at: now }).where('credential_id', '=', credentialId).where('revoked_at', 'is', null));
    await bumpFeed(db, tx, companyId, [credential.membership_id]);
  });
  return { id: credentialId, membership_id: credential.membership_id, revoked_at: now };
}

export async function setMembershipStatus(db: Db, actor: Actor, membershipId: string, status: string, clock: Clock = systemClock) {
  const { companyId } = actor;
  if (!(membershipStatuses as readonly string[]).includes(status)) {
    throw new ApiError('invalid_param', `Unknown status "${status}"; one of ${membershipStatuses.join(', ')}.`, { param: 'status' });
  }
  const membership = await membershipOf(db, actor, membershipId);
  await db.transaction(async (tx) => {
    // Guarded on the status, so of two requests setting the same one only the first changes it and has an event.
    const changed = await tx.run(
      db.qb
        .updateTable('memberships')
        .set({ status, updated_at: toIso(clock()) })
        .where('id', '=', membershipId)
        .where('status', '!=', status),
    );
    await bumpFeed(db, tx, companyId, [membershipId]);
    if (changed === 0) return;
    const [held] = await heldMemberships(db, tx, companyId, { membershipId });
    await recordEvent(db, tx, { companyId, type: 'membership.status_changed', locationId: membership.location_id, data: held! }, clock);
  });
  return { id: membershipId, status };
}

/** Records that a contact signed (or, with null, no longer has) the location's required form. */
export async function setFormSigned(db: Db, actor: Actor, contactId: string, signedAt: string | null, clock: Clock = systemClock) {
  const { companyId } = actor;
  const contact = await db.first(db.qb.selectFrom('contacts').select(['id', 'location_id']).where('id', '=', contactId).where('company_id', '=', companyId));
  if (!contact) throw new ApiError('resource_missing', `No contact ${contactId} in this company.`, { param: 'contact' });
  assertLocationAllowed(actor, contact.location_id, 'contact');
  await db.transaction(async (tx) => {
    await tx.run(
      db.qb
        .updateTable('contacts')
        .set({ form_signed_at: signedAt, updated_at: toIso(clock()) })
        .where('id', '=', contactId),
    );
    const memberships = await tx.all(db.qb.selectFrom('memberships').select('id').where('contact_id', '=', contactId));
    await bumpFeed(
      db,
      tx,
      companyId,
      memberships.map((m) => m.id),
    );
  });
  return { id: contactId, form_signed_at: signedAt };
}
