import { randomUUID } from 'node:crypto';
import { CredentialFormatError, enrolmentKeys, memberCodeKey, type EnrolmentFormat } from '@studio/shared';
import type { KeyClaim, PlanContext, Placed, PlannedRow } from './import-context.js';

/** What a membership entry may be recognised by at the gate. */
interface Identifiers {
  member_code?: string | undefined;
  card_uids: { uid: string; format: EnrolmentFormat }[];
}

export interface PlannedIdentifiers {
  credentials: PlannedRow<'credentials'>[];
  keys: PlannedRow<'credential_keys'>[];
}

/**
 * A clash of two holders of one match key. Two different card numbers can clash: a 5-byte EM4100
 * number and the 4-byte number of its low bytes are one card to a reader that prints 32 bits.
 */
export function clashProblem(claim: KeyClaim, holder: string): string {
  const why = claim.kind === 'card_uid' ? ' (the same number, or one a reader prints alike)' : '';
  return `${claim.what} is already used by ${holder}${why}`;
}

/**
 * The match keys of a membership's member code and cards (docs/hardware.md §1.5) and its credential
 * rows, every key claimed for the file so a second holder is a problem naming both. Problems are
 * reported even when the caller then cannot plan the membership itself.
 */
export function planIdentifiers(ctx: PlanContext, item: Placed<Identifiers>): PlannedIdentifiers {
  const { entry, id: membershipId, label } = item;
  const planned: PlannedIdentifiers = { credentials: [], keys: [] };
  const keyRow = (matchKey: string, kind: KeyClaim['kind'], credentialId: string | null): PlannedRow<'credential_keys'> => ({
    company_id: ctx.companyId,
    match_key: matchKey,
    membership_id: membershipId,
    credential_id: credentialId,
    kind,
    feed_updated_at: ctx.now,
    created_at: ctx.now,
    revoked_at: null,
  });

  if (entry.member_code !== undefined) {
    const code = entry.member_code;
    const key = readOrReport(ctx, label, () => memberCodeKey(code));
    if (key && claimAll(ctx, [key], { where: label, what: `member_code "${code}"`, kind: 'code' })) planned.keys.push(keyRow(key, 'code', null));
  }

  entry.card_uids.forEach(({ uid, format }, index) => {
    const where = `${label}.card_uids[${index}]`;
    const enrolled = readOrReport(ctx, where, () => enrolmentKeys(uid, format));
    if (!enrolled || !claimAll(ctx, enrolled.keys, { where, what: 'card', kind: 'card_uid' })) return;
    const credentialId = randomUUID();
    // Stored as given (trimmed), with the format it was read in and its canonical key.
    planned.credentials.push({
      id: credentialId,
      company_id: ctx.companyId,
      membership_id: membershipId,
      kind: 'card_uid',
      value: uid,
      format,
      canonical: enrolled.canonical,
      created_at: ctx.now,
      revoked_at: null,
    });
    planned.keys.push(...enrolled.keys.map((key) => keyRow(key, 'card_uid', credentialId)));
  });
  return planned;
}

/** The value `read` gives, or undefined after reporting its format problem (which never quotes the value). */
function readOrReport<T>(ctx: PlanContext, where: string, read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof CredentialFormatError)) throw error;
    ctx.problems.add(where, error.message);
    return undefined;
  }
}

/** Claims every key for `claim`; false, after naming each earlier holder once, if any is taken. */
function claimAll(ctx: PlanContext, keys: string[], claim: KeyClaim): boolean {
  const holders = new Set(keys.flatMap((key) => ctx.keyClaims.get(key)?.where ?? []));
  for (const holder of holders) ctx.problems.add(claim.where, clashProblem(claim, holder));
  if (holders.size) return false;
  for (const key of keys) ctx.keyClaims.set(key, claim);
  return true;
}
