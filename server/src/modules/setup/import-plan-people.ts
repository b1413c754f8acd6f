import { toIso } from '../../clock/time.js';
import { normalisePhone, searchText } from '../contacts/phone.js';
import type { PlanContext } from './import-context.js';
import { planIdentifiers } from './import-plan-identifiers.js';

/** Contacts, the memberships and packages they hold with their cards, and gift cards. */
export function planPeople(ctx: PlanContext): void {
  planContacts(ctx);
  planMemberships(ctx);
  planGiftCards(ctx);
}

/** Remembers who first used a value, so the second user is told whom it clashes with. */
function firstUsers(ctx: PlanContext, what: string) {
  const holders = new Map<string, string>();
  return (key: string, shown: string, label: string) => {
    const holder = holders.get(key);
    if (holder) ctx.problems.add(label, `${what} ${shown} is already used by ${holder}`);
    else holders.set(key, label);
  };
}

function planContacts(ctx: PlanContext): void {
  const claimPhone = firstUsers(ctx, 'phone');
  for (const item of ctx.sections.contacts.items) {
    const { entry, id, label } = item;
    const location = ctx.resolve('locations', entry.location, item, 'location');
    if (!location) continue;
    const country = ctx.known.locations.get(location.id)!.country;
    let phone: string | null = null;
    if (entry.phone !== undefined) {
      phone = normalisePhone(entry.phone, country);
      // The same phone at one location is one contact (a unique index): compare after E.164.
      if (phone) claimPhone(`${location.id} ${phone}`, `${phone} at location "${entry.location}"`, label);
      else ctx.problems.add(label, `phone "${entry.phone}" is not a phone number for ${country}`);
    }
    const fields = { first_name: entry.first_name, last_name: entry.last_name ?? null, phone, email: entry.email ?? null, notes: entry.notes ?? null };
    ctx.rows.contacts.push({
      id,
      company_id: ctx.companyId,
      location_id: location.id,
      ...fields,
      search_text: searchText(fields),
      form_signed_at: entry.form_signed_at === undefined ? null : toIso(Date.parse(entry.form_signed_at)),
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  }
}

function planMemberships(ctx: PlanContext): void {
  for (const item of ctx.sections.memberships.items) {
    const { entry, id } = item;
    const contact = ctx.resolve('contacts', entry.contact, item, 'contact');
    const plan = entry.plan === undefined ? undefined : ctx.resolve('membership_plans', entry.plan, item, 'plan');
    const template = entry.package_template === undefined ? undefined : ctx.resolve('package_templates', entry.package_template, item, 'package_template');
    const identifiers = planIdentifiers(ctx, item);
    const offer = plan ?? template;
    if (!contact || !offer) continue;
    // A membership belongs to the location that sells the plan or package.
    const location = ctx.locationOf.get(offer.id);
    if (!location) continue;
    ctx.rows.memberships.push({
      id,
      company_id: ctx.companyId,
      contact_id: contact.id,
      location_id: location,
      kind: plan ? 'membership' : 'package',
      plan_id: plan?.id ?? null,
      package_template_id: template?.id ?? null,
      status: entry.status,
      member_code: entry.member_code ?? null,
      start_date: entry.start_date,
      end_date: entry.end_date ?? null,
      credits_total: template ? (entry.credits_total ?? ctx.known.packageSessions.get(template.id)!) : null,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
    ctx.rows.credentials.push(...identifiers.credentials);
    ctx.rows.credential_keys.push(...identifiers.keys);
  }
}

function planGiftCards(ctx: PlanContext): void {
  const claimCode = firstUsers(ctx, 'code');
  for (const item of ctx.sections.gift_cards.items) {
    const { entry, id, label } = item;
    claimCode(entry.code, `"${entry.code}"`, label);
    const location = ctx.resolve('locations', entry.location, item, 'location');
    if (!location) continue;
    ctx.rows.gift_cards.push({
      id,
      company_id: ctx.companyId,
      location_id: location.id,
      code: entry.code,
      initial_balance_cents: entry.initial_balance_cents,
      current_balance_cents: entry.current_balance_cents ?? entry.initial_balance_cents,
      status: entry.status,
      created_at: ctx.now,
    });
  }
}
