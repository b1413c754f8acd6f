import { memberCodeKey, fullName } from '@studio/shared';
import { sql } from 'kysely';
import { contactSearchIndexFilter } from '../../db/contact-search-index.js';
import type { Db } from '../../db/types.js';
import { foldForSearch } from '../../modules/contacts/phone.js';
import { hashKey, parseKey } from '../../modules/keys/key-format.js';
import { CliError } from './run.js';

/** What a command argument may name. */
export type RefKind = 'company' | 'location' | 'contact' | 'membership' | 'staff' | 'room' | 'service' | 'plan' | 'package' | 'class' | 'series' | 'booking' | 'key' | 'card';

/** One object a reference could mean, with what a person recognises it by. */
export interface RefCandidate {
  id: string;
  companyId: string;
  label: string;
}

interface KindRules {
  /** The table an id of this kind is a row of. */
  table:
    | 'companies'
    | 'locations'
    | 'contacts'
    | 'memberships'
    | 'staff'
    | 'rooms'
    | 'services'
    | 'membership_plans'
    | 'package_templates'
    | 'classes'
    | 'class_series'
    | 'bookings'
    | 'api_keys'
    | 'credentials';
  noun: string;
  nouns: string;
  /** What besides an id names one, for the messages. */
  accepts: string;
  /** Lookups by something other than the id, tried in order; the first that finds any decides. */
  finders: ((db: Db, text: string, companyIds: readonly string[]) => Promise<RefCandidate[]>)[];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many candidates an ambiguity error lists. */
const shownCandidates = 10;
/** How many rows a name lookup reads at most; more than this many of one name is ambiguous anyway. */
const nameLookupLimit = 50;

const same = (a: string | null | undefined, b: string) => a !== null && a !== undefined && foldForSearch(a.trim()) === foldForSearch(b);

/** Rows of a per-company table whose `name` is `text` (any case), over the company index. */
function byName(table: 'rooms' | 'services' | 'membership_plans' | 'package_templates', describe: (name: string) => string) {
  return async (db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> => {
    const rows = await db.all(db.qb.selectFrom(table).select(['id', 'company_id', 'name']).where('company_id', 'in', companyIds));
    return rows.filter((row) => same(row.name, text)).map((row) => ({ id: row.id, companyId: row.company_id, label: describe(row.name) }));
  };
}

async function companiesByPrefixOrName(db: Db, text: string): Promise<RefCandidate[]> {
  // A server holds few companies: reading them all is one small scan.
  const rows = await db.all(db.qb.selectFrom('companies').select(['id', 'name', 'key_prefix']).where('live_company_id', 'is', null).orderBy('name').orderBy('id'));
  const byPrefix = rows.filter((row) => row.key_prefix === text.toLowerCase());
  const matches = byPrefix.length ? byPrefix : rows.filter((row) => same(row.name, text));
  return matches.map((row) => ({ id: row.id, companyId: row.id, label: `${row.name} (key prefix ${row.key_prefix})` }));
}

async function locationsBySlug(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  const rows = await db.all(db.qb.selectFrom('locations').select(['id', 'company_id', 'name', 'slug']).where('company_id', 'in', companyIds).where('slug', '=', text.toLowerCase()));
  return rows.map((row) => ({ id: row.id, companyId: row.company_id, label: `${row.name} (slug ${row.slug})` }));
}

async function locationsByName(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  const rows = await db.all(db.qb.selectFrom('locations').select(['id', 'company_id', 'name', 'slug']).where('company_id', 'in', companyIds));
  return rows.filter((row) => same(row.name, text)).map((row) => ({ id: row.id, companyId: row.company_id, label: `${row.name} (slug ${row.slug})` }));
}

/** The live member code `text`, through the check-in lookup's own index (company, match key). */
async function membershipIdsByCode(db: Db, text: string, companyIds: readonly string[]): Promise<string[]> {
  if (/@/.test(text) || text.replace(/\s+/g, '') === '') return [];
  const rows = await db.all(
    db.qb
      .selectFrom('credential_keys')
      .select('membership_id')
      .where('company_id', 'in', companyIds)
      .where('match_key', '=', memberCodeKey(text))
      .where('kind', '=', 'code')
      .where('revoked_at', 'is', null),
  );
  return rows.map((row) => row.membership_id);
}

const contactColumns = ['id', 'company_id', 'first_name', 'last_name', 'email', 'phone'] as const;
type ContactLine = { id: string; company_id: string; first_name: string; last_name: string | null; email: string | null; phone: string | null };
const contactCandidate = (row: ContactLine): RefCandidate => ({ id: row.id, companyId: row.company_id, label: [fullName(row), row.email, row.phone].filter(Boolean).join(', ') });

async function contactsByMemberCode(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  const memberships = await membershipIdsByCode(db, text, companyIds);
  if (!memberships.length) return [];
  const rows = await db.all(
    db.qb
      .selectFrom('contacts')
      .select(contactColumns)
      .where('id', 'in', db.qb.selectFrom('memberships').select('contact_id').where('id', 'in', memberships)),
  );
  return rows.map(contactCandidate);
}

/** Contacts whose search text holds every word of `text`, narrowed by the contact search's trigram index. */
function contactsHolding(db: Db, text: string, companyIds: readonly string[]) {
  const words = foldForSearch(text).split(/\s+/).filter(Boolean);
  let query = db.qb.selectFrom('contacts').select(contactColumns).where('company_id', 'in', companyIds);
  const narrowed = contactSearchIndexFilter(db, words);
  if (narrowed) query = query.where(narrowed);
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`${sql.ref('search_text')} like ${pattern} escape '\\'`);
  }
  return db.all(query.orderBy('created_at').orderBy('id').limit(nameLookupLimit));
}

async function contactsByEmail(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  if (!/^[^\s@]+@[^\s@]+$/.test(text)) return [];
  return (await contactsHolding(db, text, companyIds)).filter((row) => same(row.email, text)).map(contactCandidate);
}

async function contactsByName(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  if (/@/.test(text)) return [];
  const wanted = text.split(/\s+/).join(' ');
  return (await contactsHolding(db, text, companyIds)).filter((row) => same(fullName(row), wanted)).map(contactCandidate);
}

/** A phone exactly as stored (E.164, `+15550100100`), over the index of phones per location. */
async function contactsByPhone(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  if (!/^\+\d{6,15}$/.test(text)) return [];
  const locations = db.qb.selectFrom('locations').select('id').where('company_id', 'in', companyIds);
  const rows = await db.all(db.qb.selectFrom('contacts').select(contactColumns).where('location_id', 'in', locations).where('phone', '=', text));
  return rows.map(contactCandidate);
}

async function membershipCandidates(db: Db, where: { ids: string[] } | { contactIds: string[] }): Promise<RefCandidate[]> {
  const list = 'ids' in where ? where.ids : where.contactIds;
  if (!list.length) return [];
  const rows = await db.all(
    db.qb
      .selectFrom('memberships as m')
      .innerJoin('contacts as c', 'c.id', 'm.contact_id')
      .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
      .leftJoin('package_templates as t', 't.id', 'm.package_template_id')
      .select(['m.id', 'm.company_id', 'm.status', 'm.member_code', 'p.name as plan', 't.name as package', 'c.first_name', 'c.last_name'])
      .where('ids' in where ? 'm.id' : 'm.contact_id', 'in', list)
      .orderBy('m.created_at')
      .orderBy('m.id'),
  );
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    label: `${fullName(row)}: ${row.plan ?? row.package ?? 'membership'} (${row.status}${row.member_code ? `, member code ${row.member_code}` : ''})`,
  }));
}

async function membershipsByCode(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  return membershipCandidates(db, { ids: await membershipIdsByCode(db, text, companyIds) });
}

/** The memberships of the one contact an email or name names (several contacts: each one's). */
function membershipsOfContacts(find: (db: Db, text: string, companyIds: readonly string[]) => Promise<RefCandidate[]>) {
  return async (db: Db, text: string, companyIds: readonly string[]) => membershipCandidates(db, { contactIds: (await find(db, text, companyIds)).map((contact) => contact.id) });
}

async function staffByName(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  const rows = await db.all(db.qb.selectFrom('staff').select(['id', 'company_id', 'first_name', 'last_name', 'email']).where('company_id', 'in', companyIds));
  const wanted = text.split(/\s+/).join(' ');
  const byFullName = rows.filter((row) => same(fullName(row), wanted) || same(row.email, text));
  const matches = byFullName.length ? byFullName : rows.filter((row) => same(row.first_name, wanted));
  return matches.map((row) => ({ id: row.id, companyId: row.company_id, label: [fullName(row), row.email].filter(Boolean).join(', ') }));
}

const keyLabel = (row: { name: string; last4: string; revoked_at: string | null }) => `${row.name} (…${row.last4}${row.revoked_at ? ', revoked' : ''})`;

/** A key by its secret (pasted whole), by its last four characters as `keys list` shows them (`LSg2`, `…LSg2`, `harbour_sk_live_…LSg2`), or by its name. */
async function keysByVisiblePart(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  const columns = ['id', 'company_id', 'name', 'last4', 'revoked_at'] as const;
  if (parseKey(text)) {
    const row = await db.first(db.qb.selectFrom('api_keys').select(columns).where('key_hash', '=', hashKey(text)).where('company_id', 'in', companyIds));
    return row ? [{ id: row.id, companyId: row.company_id, label: keyLabel(row) }] : [];
  }
  const last4 = /^(?:[a-z][a-z0-9]*_sk_(?:live|test)_)?(?:…|\.\.\.)?([0-9A-Za-z]{4})$/.exec(text)?.[1];
  const rows = await db.all(db.qb.selectFrom('api_keys').select(columns).where('company_id', 'in', companyIds).orderBy('created_at').orderBy('id'));
  const byLast4 = last4 === undefined ? [] : rows.filter((row) => row.last4 === last4);
  const matches = byLast4.length ? byLast4 : rows.filter((row) => same(row.name, text));
  return matches.map((row) => ({ id: row.id, companyId: row.company_id, label: keyLabel(row) }));
}

/** A live card by its canonical key as `cards list` prints it (`U:008E6D5D`, `W:37,4242`). */
async function cardsByCanonical(db: Db, text: string, companyIds: readonly string[]): Promise<RefCandidate[]> {
  if (!/^[UW]:/i.test(text)) return [];
  const rows = await db.all(
    db.qb
      .selectFrom('credential_keys as k')
      .innerJoin('credentials as c', 'c.id', 'k.credential_id')
      .select(['c.id', 'c.company_id', 'c.canonical'])
      .where('k.company_id', 'in', companyIds)
      .where('k.match_key', '=', text.toUpperCase())
      .where('k.kind', '=', 'card_uid')
      .where('k.revoked_at', 'is', null),
  );
  return [...new Map(rows.map((row) => [row.id, { id: row.id, companyId: row.company_id, label: `card ${row.canonical}` }])).values()];
}

const rules: Record<RefKind, KindRules> = {
  company: { table: 'companies', noun: 'company', nouns: 'companies', accepts: 'a company id, key prefix or name', finders: [(db, text) => companiesByPrefixOrName(db, text)] },
  location: { table: 'locations', noun: 'location', nouns: 'locations', accepts: 'a location id, slug or name', finders: [locationsBySlug, locationsByName] },
  contact: {
    table: 'contacts',
    noun: 'contact',
    nouns: 'contacts',
    accepts: 'a contact id, member code, email, phone in +E.164 or full name',
    finders: [contactsByMemberCode, contactsByEmail, contactsByPhone, contactsByName],
  },
  membership: {
    table: 'memberships',
    noun: 'membership',
    nouns: 'memberships',
    accepts: "a membership id, member code, or the holder's email or full name",
    finders: [membershipsByCode, membershipsOfContacts(contactsByEmail), membershipsOfContacts(contactsByName)],
  },
  staff: { table: 'staff', noun: 'staff member', nouns: 'staff members', accepts: 'a staff id, full name, first name or email', finders: [staffByName] },
  room: { table: 'rooms', noun: 'room', nouns: 'rooms', accepts: 'a room id or name', finders: [byName('rooms', (name) => name)] },
  service: { table: 'services', noun: 'service', nouns: 'services', accepts: 'a service id or name', finders: [byName('services', (name) => name)] },
  plan: { table: 'membership_plans', noun: 'membership plan', nouns: 'membership plans', accepts: 'a plan id or name', finders: [byName('membership_plans', (name) => name)] },
  package: { table: 'package_templates', noun: 'package', nouns: 'packages', accepts: 'a package id or name', finders: [byName('package_templates', (name) => name)] },
  class: { table: 'classes', noun: 'class', nouns: 'classes', accepts: 'a class id', finders: [] },
  series: { table: 'class_series', noun: 'class series', nouns: 'class series', accepts: 'a class series id', finders: [] },
  booking: { table: 'bookings', noun: 'booking', nouns: 'bookings', accepts: 'a booking id', finders: [] },
  key: { table: 'api_keys', noun: 'key', nouns: 'keys', accepts: 'a key id, its last four characters as `keys list` shows them, its name, or the key itself', finders: [keysByVisiblePart] },
  card: { table: 'credentials', noun: 'card', nouns: 'cards', accepts: 'a card id or its canonical key as `cards list` prints it (U:…, W:…)', finders: [cardsByCanonical] },
};

/** The noun of a kind, for messages: "staff member", "membership plan". */
export function refNoun(kind: RefKind): string {
  return rules[kind].noun;
}

/**
 * The companies a lookup covers: the one given, else every one (a server holds few). Test-mode
 * twins are not businesses of their own: only a key is looked up in them too (a test key is the
 * live company's, kept in its twin), everything else acts on live data.
 */
async function companyScope(db: Db, kind: RefKind, within: { companyId?: string } | undefined): Promise<string[]> {
  const live = within?.companyId !== undefined ? [within.companyId] : (await db.all(db.qb.selectFrom('companies').select('id').where('live_company_id', 'is', null))).map((row) => row.id);
  if (kind !== 'key' || live.length === 0) return live;
  const twins = await db.all(db.qb.selectFrom('companies').select('id').where('live_company_id', 'in', live));
  return [...live, ...twins.map((row) => row.id)];
}

async function companyName(db: Db, id: string): Promise<string> {
  const company = await db.first(db.qb.selectFrom('companies').select(['name', 'live_company_id']).where('id', '=', id));
  if (!company) return id;
  return company.live_company_id === null ? company.name : `${company.name} (test mode)`;
}

async function idExists(db: Db, kind: RefKind, id: string, companyId: string | undefined): Promise<boolean> {
  if (kind === 'company') return (await db.first(db.qb.selectFrom('companies').select('id').where('id', '=', id).where('live_company_id', 'is', null))) !== undefined;
  const table = rules[kind].table;
  // Kysely cannot type a select over a union of tables; each has `id` and `company_id`.
  let query = db.qb
    .selectFrom(table as 'locations')
    .select('id')
    .where('id', '=', id);
  if (companyId !== undefined) query = query.where('company_id', 'in', await companyScope(db, kind, { companyId }));
  return (await db.first(query)) !== undefined;
}

async function ambiguity(db: Db, kind: RefKind, text: string, candidates: RefCandidate[]): Promise<CliError> {
  const companies = [...new Set(candidates.map((candidate) => candidate.companyId))];
  const names = new Map(await Promise.all(companies.map(async (id) => [id, await companyName(db, id)] as const)));
  const lines = candidates
    .slice(0, shownCandidates)
    .map((candidate) => `  ${candidate.id}  ${candidate.label}${kind !== 'company' && companies.length > 1 ? ` in ${names.get(candidate.companyId)}` : ''}`);
  if (candidates.length > shownCandidates) lines.push(`  … and ${candidates.length - shownCandidates} more`);
  const advice =
    kind !== 'company' && companies.length > 1 ? `name the company with --company (its id, key prefix or name), or pass the ${rules[kind].noun}'s id` : `pass the ${rules[kind].noun}'s id`;
  return new CliError(`"${text}" matches ${candidates.length} ${rules[kind].nouns}: ${advice}.\n${lines.join('\n')}`);
}

/**
 * The id of the object `text` names: an id (checked to exist), or what else the kind accepts (a
 * location's slug, a member code, a key's last four, a name where it is unique: see `rules`),
 * within `within.companyId` when given, else in every company. Nothing or several found is a
 * CliError saying what was searched and what to pass instead. Every lookup goes through an index
 * (a company's rows, the member-code keys, the contact search's trigrams, primary keys).
 */
export async function resolveRef(db: Db, kind: RefKind, text: string, within?: { companyId?: string }): Promise<string> {
  const wanted = text.trim();
  const { noun, accepts, finders } = rules[kind];
  const where = within?.companyId !== undefined && kind !== 'company' ? ` in company ${await companyName(db, within.companyId)}` : '';
  if (wanted === '') throw new CliError(`an empty ${noun} reference; pass ${accepts}.`);
  if (uuidPattern.test(wanted)) {
    const id = wanted.toLowerCase();
    if (await idExists(db, kind, id, kind === 'company' ? undefined : within?.companyId)) return id;
    throw new CliError(`No ${noun} ${id}${where}.`);
  }
  if (!finders.length) throw new CliError(`"${wanted}" is not a ${noun} id: a ${noun} is named by its id (a uuid).`);
  const companyIds = await companyScope(db, kind, within);
  for (const find of finders) {
    const candidates = companyIds.length ? await find(db, wanted, companyIds) : [];
    if (candidates.length === 1) return candidates[0]!.id;
    if (candidates.length > 1) throw await ambiguity(db, kind, wanted, candidates);
  }
  throw new CliError(`No ${noun} "${wanted}"${where || (kind === 'company' ? '' : ' in any company')}: pass ${accepts}.`);
}

/** Everything besides an id that `text` names as a `kind` (every lookup's finds, not only the first's), for a search. */
export async function refCandidates(db: Db, kind: RefKind, text: string, within?: { companyId?: string }): Promise<RefCandidate[]> {
  const wanted = text.trim();
  const companyIds = await companyScope(db, kind, within);
  if (wanted === '' || companyIds.length === 0) return [];
  const found = (await Promise.all(rules[kind].finders.map((find) => find(db, wanted, companyIds)))).flat();
  return [...new Map(found.map((candidate) => [candidate.id, candidate])).values()];
}

/** `resolveRef` for an optional option: undefined stays undefined. */
export async function resolveOptionalRef(db: Db, kind: RefKind, text: string | undefined, within?: { companyId?: string }): Promise<string | undefined> {
  return text === undefined ? undefined : resolveRef(db, kind, text, within);
}
