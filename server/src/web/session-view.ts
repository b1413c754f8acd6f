import type { SessionLocation, StaffSessionView } from '@studio/shared/web-app';
import type { Db } from '../db/types.js';
import type { StaffSession } from '../modules/staff-accounts/sessions.js';
import { currencyOf } from '../modules/locations/currency.js';
import { parseLocationSettings } from '../modules/locations/settings.js';
import { ownLanguage } from '../modules/staff-accounts/language.js';
import { csrfToken } from './csrf.js';

/** The locations the session's staff member works at (an owner: every one of the company's), by name. */
async function workingLocations(db: Db, session: StaffSession): Promise<SessionLocation[]> {
  let query = db.qb.selectFrom('locations').select(['id', 'name', 'timezone', 'country', 'currency', 'settings']).where('company_id', '=', session.actor.companyId);
  const ids = session.actor.locationIds;
  if (ids !== null) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  const rows = await db.all(query.orderBy('name').orderBy('id'));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    time_zone: row.timezone,
    country: row.country,
    currency: row.currency ?? currencyOf(row.country),
    language: parseLocationSettings(row.settings).branding.language,
  }));
}

/** What GET /app/api/session (and a sign-in) answers: who, where, and the CSRF token writes carry. */
export async function sessionView(db: Db, session: StaffSession, sessionToken: string): Promise<StaffSessionView> {
  const company = await db.first(db.qb.selectFrom('companies').select(['id', 'name']).where('id', '=', session.actor.companyId));
  const { id, email, display_name, role, location_ids } = session.account;
  return {
    account: {
      id,
      email,
      display_name,
      role,
      location_ids: role === 'owner' || location_ids === null ? null : (JSON.parse(location_ids) as string[]),
      language: await ownLanguage(db, id),
    },
    company: { id: company!.id, name: company!.name },
    locations: await workingLocations(db, session),
    csrf_token: csrfToken(sessionToken),
    expires_at: session.expiresAt,
  };
}
