import { localeFor, type Language } from '@studio/shared/i18n';
import { toIso, type Clock } from '../../clock/time.js';
import { claimable } from '../../db/claim-rows.js';
import type { Db } from '../../db/types.js';
import type { MessageTemplate } from './templates/names.js';
import type { Place } from './templates/when.js';
import { ofTestCompany } from './test-mode.js';
import { unsubscribeToken } from './unsubscribe-link.js';

/** A message this process has claimed, with what rendering and sending it needs. */
export interface ClaimedMessage {
  id: string;
  company_id: string;
  contact_id: string | null;
  to_address: string;
  template: MessageTemplate;
  language: Language;
  data: string;
  attempts: number;
  created_at: string;
  /** The claim: the row's `next_attempt_at` while this process sends it; recording checks it is still so. */
  lease: string;
  place: Place;
  firstName: string | null;
  /** The signed token of its one-click unsubscribe link (unsubscribe-link.ts); null for a message to no member. */
  unsubscribeToken: string | null;
}

/**
 * Claims up to `limit` due messages: queued, their time come. The claim is the row's
 * `next_attempt_at` moved `claimMs` ahead, in one transaction whose select skips rows another
 * claim holds (claim-rows.ts), so two processes never take one message at once; one killed
 * mid-send leaves the row queued and due again when the claim passes (at least once, as webhooks).
 */
export async function claimDueMessages(db: Db, clock: Clock, limit: number, claimMs: number): Promise<ClaimedMessage[]> {
  if (limit <= 0) return [];
  const now = toIso(clock());
  const lease = toIso(clock() + claimMs);
  const due = (size: number) =>
    db.qb
      .selectFrom('member_messages as m')
      .select('m.id as id')
      .where('m.status', '=', 'queued')
      .where('m.next_attempt_at', '<=', now)
      .where((eb) => eb.not(ofTestCompany(eb)))
      .orderBy('m.next_attempt_at')
      .orderBy('m.id')
      .limit(size);
  // A read first: an idle poll opens no write transaction (on SQLite one would hold the one writer).
  if (!(await db.first(due(1)))) return [];
  const ids = await db.transaction(async (tx) => {
    const rows = await tx.all(claimable(tx, due(limit)));
    if (rows.length === 0) return [];
    const idList = rows.map((row) => row.id);
    await tx.run(db.qb.updateTable('member_messages').set({ next_attempt_at: lease }).where('id', 'in', idList));
    return idList;
  });
  if (ids.length === 0) return [];
  const rows = await db.all(
    db.qb
      .selectFrom('member_messages as m')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .leftJoin('locations as l', 'l.id', 'm.location_id')
      .leftJoin('contacts as p', 'p.id', 'm.contact_id')
      .select(['m.id', 'm.company_id', 'm.contact_id', 'm.to_address', 'm.template', 'm.language', 'm.data', 'm.attempts', 'm.created_at', 'm.next_attempt_at'])
      .select(['c.name as company_name', 'c.credential_secret', 'l.name as location_name', 'l.address', 'l.timezone', 'l.country', 'p.first_name'])
      .where('m.id', 'in', ids)
      .where('m.next_attempt_at', '=', lease),
  );
  const fallbacks = new Map<string, { timezone: string; country: string } | undefined>();
  const claimed: ClaimedMessage[] = [];
  for (const row of rows) {
    // A message of the business as a whole speaks in its name, with its first location's zone and country.
    if (row.timezone === null && !fallbacks.has(row.company_id)) fallbacks.set(row.company_id, await firstLocation(db, row.company_id));
    const zone = row.timezone !== null ? { timezone: row.timezone, country: row.country } : fallbacks.get(row.company_id);
    const language = row.language;
    claimed.push({
      id: row.id,
      company_id: row.company_id,
      contact_id: row.contact_id,
      to_address: row.to_address,
      template: row.template as MessageTemplate,
      language,
      data: row.data,
      attempts: row.attempts,
      created_at: row.created_at,
      lease,
      place: { name: row.location_name ?? row.company_name, address: row.location_name !== null ? row.address : null, timezone: zone?.timezone ?? 'UTC', locale: localeFor(language, zone?.country) },
      firstName: row.first_name,
      unsubscribeToken: row.contact_id !== null && row.credential_secret !== null ? unsubscribeToken(row.credential_secret, row.id, row.contact_id) : null,
    });
  }
  return claimed;
}

async function firstLocation(db: Db, companyId: string) {
  return db.first(db.qb.selectFrom('locations').select(['timezone', 'country']).where('company_id', '=', companyId).orderBy('created_at').orderBy('id').limit(1));
}
