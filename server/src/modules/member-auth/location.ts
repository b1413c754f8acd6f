import { ApiError } from '@studio/shared';
import { isLanguage, type Language } from '@studio/shared/i18n';
import type { Db } from '../../db/types.js';
import { parseLocationSettings } from '../locations/settings.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MemberAppLocation {
  id: string;
  companyId: string;
  name: string;
  slug: string;
  /** The location's language (its branding's): the members' app and its emails speak it. */
  language: Language;
  /** Its logo (a data URL) and accent colour, as its kiosk shows them. */
  logo: string | null;
  accentColour: string;
}

function asAppLocation(row: { id: string; company_id: string; name: string; slug: string; settings: string }): MemberAppLocation {
  const { language, logo, accent_colour } = parseLocationSettings(row.settings).branding;
  return { id: row.id, companyId: row.company_id, name: row.name, slug: row.slug, language: isLanguage(language) ? language : 'en', logo, accentColour: accent_colour };
}

/** The location as the app shows it, before and after signing in. */
export function appLocationView(location: MemberAppLocation) {
  return { id: location.id, name: location.name, slug: location.slug, logo: location.logo, accent_colour: location.accentColour, language: location.language };
}

/**
 * The location a members' app is for, by its id or its slug: a slug names one location of a
 * business, so a server with several businesses needs the business too. A test-mode twin's
 * locations are never a members' app's. Unknown: 404 (a location is no secret; its members are).
 */
export async function appLocation(db: Db, named: string, companyId: string | undefined): Promise<MemberAppLocation> {
  let query = db.qb
    .selectFrom('locations as l')
    .innerJoin('companies as c', 'c.id', 'l.company_id')
    .select(['l.id', 'l.company_id', 'l.name', 'l.slug', 'l.settings'])
    .where('c.live_company_id', 'is', null);
  query = uuid.test(named) ? query.where('l.id', '=', named.toLowerCase()) : query.where('l.slug', '=', named);
  if (companyId !== undefined) query = query.where('l.company_id', '=', companyId);
  const rows = await db.all(query.limit(2));
  if (rows.length === 0) throw new ApiError('resource_missing', 'No such location on this server; check the address of the app.', { param: 'location' });
  if (rows.length > 1) throw new ApiError('missing_field', 'This server holds several businesses with a location of that name: name the business too.', { param: 'company_id' });
  return asAppLocation(rows[0]!);
}

/** The location a member signed in at, as the app shows it. */
export async function sessionLocation(db: Db, locationId: string): Promise<MemberAppLocation> {
  const row = await db.first(db.qb.selectFrom('locations').select(['id', 'company_id', 'name', 'slug', 'settings']).where('id', '=', locationId));
  if (!row) throw new Error(`the location ${locationId} of a member session is gone`);
  return asAppLocation(row);
}
