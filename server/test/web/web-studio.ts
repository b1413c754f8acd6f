import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { defaultLimits, type ServerLimits } from '../../src/config.js';
import type { Db } from '../../src/db/types.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';

export const password = 'correct horse battery';
/** The host every injected request names (the studio's own name, in the app's allowed hosts); a write's Origin must be this origin. */
export const host = 'studio.test';
export const origin = `http://${host}`;

export interface WebResponse {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  json<T = Record<string, unknown>>(): T;
}

export interface Browser {
  cookie: string;
  csrf: string;
}

/** A request as a browser of the app sends it: same-origin Origin on writes unless told otherwise. */
export interface WebRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  as?: Browser | undefined;
  body?: unknown;
  /** null: no Origin header at all. */
  origin?: string | null;
  /** Overrides the browser's CSRF token; null sends none. */
  csrf?: string | null;
}

/** The cookie pair (`name=value`) of the session cookie a response sets. */
export function setCookieOf(response: WebResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return all.find((line) => line.includes('studio_session='));
}

/**
 * A studio (two locations, north and south) with an owner, a manager of north and a front desk of
 * north, beside another company with its own; the app on an injected clock and a cheap hash.
 */
export async function webStudio(db: Db, options: { webAppDir?: string; limits?: ServerLimits; logger?: FastifyBaseLogger } = {}) {
  const clock = handClock();
  const settings = testSettings(clock.now);
  const studio = await twoLocationStudio(db);
  const other = await twoLocationStudio(db);
  const make = (business: typeof studio.business, email: string, role: 'owner' | 'manager' | 'front_desk', locationIds?: string[]) =>
    createAccount(db, settings, business, { email, displayName: email.split('@')[0]!, role, locationIds, password });
  const owner = await make(studio.business, 'olive@alder.example', 'owner');
  const manager = await make(studio.business, 'mark@alder.example', 'manager', [studio.north]);
  const desk = await make(studio.business, 'dee@alder.example', 'front_desk', [studio.north]);
  const southDesk = await make(studio.business, 'sue@alder.example', 'front_desk', [studio.south]);
  const otherOwner = await make(other.business, 'olive@other.example', 'owner');
  const otherDesk = await make(other.business, 'dee@other.example', 'front_desk', [other.north]);
  // A suite sends hundreds of requests as one account within the minute: the per-account limit is off
  // unless `limits` says otherwise (security/request-bodies.test.ts tests it).
  const limits = options.limits ?? { ...defaultLimits, rateLimitSessionMax: 0 };
  const app: FastifyInstance = await buildApp({
    db,
    staffAuth: settings,
    webAppDir: options.webAppDir ?? '/nonexistent/web-app/dist',
    limits,
    allowedHosts: [host],
    ...(options.logger && { logger: options.logger }),
  });

  async function send(request: WebRequest): Promise<WebResponse> {
    const headers: Record<string, string> = { host };
    const writes = request.method !== 'GET';
    if (request.origin !== null && (writes || request.origin !== undefined)) headers.origin = request.origin ?? origin;
    if (request.as) headers.cookie = request.as.cookie;
    const csrf = request.csrf === undefined ? request.as?.csrf : request.csrf;
    if (writes && csrf !== null && csrf !== undefined) headers['x-csrf-token'] = csrf;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.inject({ method: request.method, url: request.url, headers, ...(request.body !== undefined && { payload: JSON.stringify(request.body) }) });
    return response as unknown as WebResponse;
  }

  /** Signs in and answers what the browser then holds: the cookie pair and the CSRF token. */
  async function signIn(email: string, companyId = studio.companyId, planted?: string): Promise<Browser> {
    const response = await send({ method: 'POST', url: '/app/api/sign-in', body: { email, password, company_id: companyId }, ...(planted && { as: { cookie: planted, csrf: '' } }) });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email}: ${response.statusCode} ${response.body}`);
    const cookie = setCookieOf(response)!.split(';')[0]!;
    return { cookie, csrf: response.json<{ csrf_token: string }>().csrf_token };
  }

  return { app, clock, settings, studio, other, owner, manager, desk, southDesk, otherOwner, otherDesk, send, signIn };
}
