import type { Db } from '../../src/db/types.js';
import type { Target } from '../authorization/authorization-decisions.js';
import { membershipAt } from '../authorization/desk-matrix-data.js';
import { host, origin, webStudio, type WebResponse } from '../web/web-studio.js';

/** A member's browser in the members' app: its cookie pair and CSRF token. */
export interface MemberBrowser {
  cookie: string;
  csrf: string;
}

export interface MemberRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Below /m/api. */
  path: string;
  as?: MemberBrowser | undefined;
  body?: unknown;
  /** null: no Origin header. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** The client's address (default 127.0.0.1): wrong codes and the anonymous budget count by it. */
  address?: string;
}

/** The member cookie pair (`name=value`) a response sets, if any. */
export function memberCookieOf(response: WebResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return all.find((line) => line.includes('studio_member='));
}

/**
 * The web studio (web/web-studio.ts) with members: nina at north and sam at south hold a
 * membership and an email; `lead` at north has an email and no membership. North speaks German.
 */
export async function memberStudio(db: Db, options: Parameters<typeof webStudio>[1] = {}) {
  const s = await webStudio(db, options);
  const target = (contact: string, location: string, company = s.studio) => ({ company, location, contact, clock: s.clock.now }) as unknown as Target;
  await membershipAt(db, target(s.studio.nina, s.studio.north));
  await membershipAt(db, target(s.studio.sam, s.studio.south));
  await membershipAt(db, target(s.other.nina, s.other.north, s.other));
  await db.run(db.qb.updateTable('contacts').set({ email: 'Nina@Example.com' }).where('id', '=', s.studio.nina));
  await db.run(db.qb.updateTable('contacts').set({ email: 'sam@example.com' }).where('id', '=', s.studio.sam));
  // Another business's member with the same email as nina: a code is for one business only.
  await db.run(db.qb.updateTable('contacts').set({ email: 'nina@example.com' }).where('id', '=', s.other.nina));
  const north = await db.first(db.qb.selectFrom('locations').select('settings').where('id', '=', s.studio.north));
  const settings = JSON.parse(north!.settings) as { branding?: Record<string, unknown> };
  settings.branding = { logo: null, accent_colour: '#1c7ed6', ...settings.branding, language: 'de' };
  await db.run(
    db.qb
      .updateTable('locations')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', s.studio.north),
  );

  async function sendMember(request: MemberRequest): Promise<WebResponse> {
    const headers: Record<string, string> = { host, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', ...request.headers };
    const writes = request.method !== 'GET';
    if (request.origin !== null && writes) headers.origin = request.origin ?? origin;
    if (request.as) headers.cookie = request.as.cookie;
    if (writes && request.as) headers['x-csrf-token'] = request.as.csrf;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const response = await s.app.inject({
      method: request.method,
      url: `/m/api${request.path}`,
      headers,
      remoteAddress: request.address ?? '127.0.0.1',
      ...(request.body !== undefined && { payload: JSON.stringify(request.body) }),
    });
    return response as unknown as WebResponse;
  }

  /** The newest message queued to the contact: its code, link and language. */
  async function lastMessage(contactId: string) {
    const row = await db.first(
      db.qb
        .selectFrom('member_messages')
        .select(['id', 'to_address', 'language', 'data', 'contact_id', 'location_id', 'template'])
        .where('contact_id', '=', contactId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    );
    if (!row) return undefined;
    return { ...row, data: JSON.parse(row.data) as { code: string; link: string; minutes: number } };
  }

  /** Asks for a code a second after the last request, so `lastMessage` finds the newest by its time. */
  const requestCode = (email: string, location = 'north', companyId: string | null = s.studio.companyId, address?: string) => {
    s.clock.advance(1000);
    return sendMember({ method: 'POST', path: '/sign-in/code', body: { email, location, ...(companyId && { company_id: companyId }) }, ...(address && { address }) });
  };

  /** Asks for a code for `email` (the contact's) and signs in with it: the member's browser. */
  async function signInMember(email: string, contactId: string, location = 'north', companyId = s.studio.companyId): Promise<MemberBrowser> {
    const asked = await requestCode(email, location, companyId);
    if (asked.statusCode !== 202) throw new Error(`code for ${email}: ${asked.statusCode} ${asked.body}`);
    const message = await lastMessage(contactId);
    const response = await sendMember({ method: 'POST', path: '/sign-in', body: { email, code: message!.data.code } });
    if (response.statusCode !== 200) throw new Error(`member sign-in of ${email}: ${response.statusCode} ${response.body}`);
    return { cookie: memberCookieOf(response)!.split(';')[0]!, csrf: response.json<{ csrf_token: string }>().csrf_token };
  }

  return { ...s, sendMember, lastMessage, requestCode, signInMember };
}

export type MemberStudio = Awaited<ReturnType<typeof memberStudio>>;
