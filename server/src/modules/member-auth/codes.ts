import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { toIso } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { queueMessage } from '../messages/outbox.js';
import { beginAttempt, settleAttempt, type AttemptLog } from '../staff-accounts/attempts.js';
import { normaliseEmail } from '../staff-accounts/accounts.js';
import { hashSecret, mintSecret } from '../staff-accounts/secrets.js';
import type { MemberAppLocation } from './location.js';
import { openMemberSession, type OpenedMemberSession } from './sessions.js';
import type { MemberAuthSettings } from './settings.js';

/** Wrong codes are counted as wrong passwords are (staff-accounts/attempts.ts), in their own table. */
export const memberCodeTries: AttemptLog = { table: 'member_sign_in_attempts', wrongs: 'wrong codes' };

/** The code's hash, salted by its row's id: the same 6 digits of two codes never hash alike. */
function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`member-code:${id}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The one contact an email signs in as at a location's business: a contact with that email (any
 * case) holding a membership or a package of any status. Several such contacts: the one at the
 * location, if exactly one is; otherwise none (the desk merges or corrects them).
 */
async function memberByEmail(db: Db, location: MemberAppLocation, email: string) {
  const rows = await db.all(
    db.qb
      .selectFrom('contacts as c')
      .select(['c.id', 'c.location_id', 'c.email'])
      .where('c.company_id', '=', location.companyId)
      .where((eb) => eb(eb.fn('lower', ['c.email']), '=', email))
      .where((eb) => eb.exists(eb.selectFrom('memberships as m').select('m.id').whereRef('m.contact_id', '=', 'c.id')))
      .limit(20),
  );
  if (rows.length === 1) return rows[0]!;
  const here = rows.filter((row) => row.location_id === location.id);
  return here.length === 1 ? here[0]! : undefined;
}

/** Where the emailed link leads: the members' app's sign-in page with the secret in the fragment, which no browser sends to a server. */
export function signInLink(origin: string, secret: string): string {
  return `${origin.replace(/\/+$/, '')}/m/sign-in#${secret}`;
}

/**
 * Asks for a sign-in code (docs/member-sign-in.md). Whether or not the email is a member's, the
 * same lookups and hashing are done and the caller gives the same answer. A member's gets a code
 * and a link, stored as hashes, and the `sign_in_code` email queued in the same transaction, in the
 * location's language; the member's earlier codes stop working. Past `codesPerHour` codes in an
 * hour, nothing is sent (the answer is still the same).
 */
export async function requestSignInCode(db: Db, settings: MemberAuthSettings, location: MemberAppLocation, input: { email: string; origin: string }): Promise<void> {
  const now = settings.clock();
  const email = normaliseEmail(input.email);
  const member = await memberByEmail(db, location, email);
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const link = mintSecret();
  const hashed = codeHash(id, code);
  const since = toIso(now - 3600_000);
  await db.transaction(async (tx) => {
    const recent = await tx.first(
      db.qb
        .selectFrom('member_sign_in_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('contact_id', '=', member?.id ?? '')
        .where('created_at', '>', since),
    );
    if (!member || Number(recent?.n ?? 0) >= settings.codesPerHour) return;
    // One code works at a time: the newest.
    await tx.run(
      db.qb
        .updateTable('member_sign_in_codes')
        .set({ expires_at: toIso(now) })
        .where('contact_id', '=', member.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', toIso(now)),
    );
    await tx.run(
      db.qb.insertInto('member_sign_in_codes').values({
        id,
        company_id: location.companyId,
        contact_id: member.id,
        location_id: location.id,
        code_hash: hashed,
        link_hash: link.hash,
        created_at: toIso(now),
        expires_at: toIso(now + settings.codeValidityMs),
        used_at: null,
        wrong_tries: 0,
      }),
    );
    const data = { code, link: signInLink(input.origin, link.secret), minutes: Math.round(settings.codeValidityMs / 60_000) };
    await queueMessage(
      db,
      tx,
      { companyId: location.companyId, locationId: location.id, contactId: member.id, to: member.email!, template: 'sign_in_code', language: location.language, data },
      settings.clock,
    );
  });
}

const invalid = () => new ApiError('sign_in_code_invalid', 'That code does not work: it may be mistyped, used, or older than 10 minutes. Check it, or ask for a new one.');

type CodeRow = { id: string; company_id: string; contact_id: string; location_id: string; code_hash: string };

/** Marks a code used and opens the session, in one transaction; a code used meanwhile (a second tab) is refused. */
async function spend(db: Db, settings: MemberAuthSettings, row: CodeRow, userAgent: string | undefined): Promise<OpenedMemberSession> {
  return db.transaction(async (tx) => {
    const now = toIso(settings.clock());
    const spent = await tx.run(db.qb.updateTable('member_sign_in_codes').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null));
    if (spent !== 1) throw invalid();
    return openMemberSession(db, tx, settings, { companyId: row.company_id, contactId: row.contact_id, locationId: row.location_id, userAgent });
  });
}

/** The codes that still work: unused, not expired, fewer wrong tries than the limit. */
function liveCodes(db: Db, settings: MemberAuthSettings) {
  return db.qb
    .selectFrom('member_sign_in_codes as k')
    .select(['k.id', 'k.company_id', 'k.contact_id', 'k.location_id', 'k.code_hash'])
    .where('k.used_at', 'is', null)
    .where('k.expires_at', '>', toIso(settings.clock()))
    .where('k.wrong_tries', '<', settings.wrongTriesPerCode);
}

/**
 * Signs a member in with the email and the 6 digits sent to it. Each try is counted by email and
 * client first (waits after wrong ones, as for staff passwords); a wrong code counts against every
 * live code of the email, and one tried wrongly `wrongTriesPerCode` times stops working, its link too.
 */
export async function signInWithCode(db: Db, settings: MemberAuthSettings, input: { email: string; code: string; address: string; userAgent: string | undefined }): Promise<OpenedMemberSession> {
  const email = normaliseEmail(input.email);
  const attempt = await beginAttempt(db, settings.clock, { companyId: '', email, address: input.address }, memberCodeTries);
  const codes = await db.all(
    liveCodes(db, settings)
      .innerJoin('contacts as c', 'c.id', 'k.contact_id')
      .where((eb) => eb(eb.fn('lower', ['c.email']), '=', email)),
  );
  const match = codes.find((row) => sameHash(row.code_hash, codeHash(row.id, input.code)));
  if (!match) {
    if (codes.length > 0) {
      await db.run(
        db.qb
          .updateTable('member_sign_in_codes')
          .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
          .where(
            'id',
            'in',
            codes.map((row) => row.id),
          ),
      );
    }
    throw invalid();
  }
  const opened = await spend(db, settings, match, input.userAgent);
  await settleAttempt(db, attempt, 'succeeded', memberCodeTries);
  return opened;
}

/** Signs a member in with the secret of the emailed link: the same code's row, so the link works once, within the same 10 minutes. */
export async function signInWithLink(db: Db, settings: MemberAuthSettings, input: { secret: string; userAgent: string | undefined }): Promise<OpenedMemberSession> {
  const row = await db.first(liveCodes(db, settings).where('k.link_hash', '=', hashSecret(input.secret)));
  if (!row) throw invalid();
  return spend(db, settings, row, input.userAgent);
}
