import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { memberRoutes } from '../../src/web/member/routes.js';
import { memberCookieOf, memberStudio, type MemberBrowser, type MemberStudio } from './member-studio.js';

const day = 24 * 3600_000;
const errorOf = (response: { json<T>(): T }) => response.json<{ error: { code: string } }>().error.code;
type SessionList = { data: { id: string; device: string | null; current: boolean }[] };

describe.each(dialects)("members' app sessions: one per device, ended by the member or by staff (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: MemberStudio;
  beforeAll(async () => {
    s = await memberStudio(suite.db);
  });
  afterAll(() => s.app.close());

  const sessionsOf = async (as: MemberBrowser) => (await s.sendMember({ method: 'GET', path: '/sessions', as })).json<SessionList>().data;
  const signInTwice = async (email: string, contact: string, location: string) => {
    s.clock.advance(day);
    const phone = await s.signInMember(email, contact, location);
    const laptop = await s.signInMember(email, contact, location);
    return { phone, laptop };
  };

  it('lists the member’s own sessions, marking this one, and ends another device’s', async () => {
    const { phone, laptop } = await signInTwice('sam@example.com', s.studio.sam, 'south');
    const listed = await sessionsOf(phone);
    expect(listed).toHaveLength(2);
    expect(listed.filter((row) => row.current)).toHaveLength(1);
    expect(listed.every((row) => row.device === 'Chrome on Android')).toBe(true);
    const laptopId = (await sessionsOf(laptop)).find((row) => row.current)!.id;
    const ended = await s.sendMember({ method: 'DELETE', path: `/sessions/${laptopId}`, as: phone });
    expect(ended.statusCode, ended.body).toBe(204);
    expect(memberCookieOf(ended) ?? '').not.toMatch(/studio_member=;/);
    const refused = await s.sendMember({ method: 'GET', path: '/me', as: laptop });
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toBe('invalid_session');
    expect((await sessionsOf(phone)).map((row) => row.id)).not.toContain(laptopId);
  });

  it('does not let a member see or end another member’s session, which is not found', async () => {
    const sam = await signInTwice('sam@example.com', s.studio.sam, 'south');
    const nina = await s.signInMember('nina@example.com', s.studio.nina, 'north');
    const samIds = (await sessionsOf(sam.phone)).map((row) => row.id);
    expect((await sessionsOf(nina)).map((row) => row.id).some((id) => samIds.includes(id))).toBe(false);
    const response = await s.sendMember({ method: 'DELETE', path: `/sessions/${samIds[0]}`, as: nina });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toBe('resource_missing');
    expect((await s.sendMember({ method: 'GET', path: '/me', as: sam.phone })).statusCode).toBe(200);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: sam.laptop })).statusCode).toBe(200);
  });

  it('signs out this device: the cookie is cleared and the session no longer works', async () => {
    const { phone, laptop } = await signInTwice('sam@example.com', s.studio.sam, 'south');
    const out = await s.sendMember({ method: 'POST', path: '/sign-out', as: phone });
    expect(out.statusCode).toBe(204);
    expect(memberCookieOf(out)).toMatch(/^studio_member=;/);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: phone })).statusCode).toBe(401);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: laptop })).statusCode).toBe(200);
  });

  it('needs the session’s CSRF token and a same-origin Origin on every signed-in write', async () => {
    const { phone } = await signInTwice('sam@example.com', s.studio.sam, 'south');
    for (const as of [
      { ...phone, csrf: 'not-the-token' },
      { ...phone, csrf: '' },
    ]) {
      const response = await s.sendMember({ method: 'POST', path: '/sign-out', as });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe('csrf_failed');
    }
    const foreign = await s.sendMember({ method: 'POST', path: '/sign-out', as: phone, origin: 'http://evil.example' });
    expect(errorOf(foreign)).toBe('csrf_failed');
    expect((await s.sendMember({ method: 'GET', path: '/me', as: phone })).statusCode).toBe(200);
  });

  it('refuses every write of the members’ app without a same-origin Origin, and every signed-in write without the CSRF token', async () => {
    const { phone } = await signInTwice('sam@example.com', s.studio.sam, 'south');
    const writes = memberRoutes.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(4);
    const wrong: string[] = [];
    for (const route of writes) {
      const path = route.path.replace(/:[A-Za-z_]+/g, () => randomUUID());
      const method = route.method as 'POST' | 'DELETE';
      const cases = [{ as: phone, origin: null }, ...(route.signedOut ? [] : [{ as: { ...phone, csrf: 'forged' }, origin: undefined }])];
      for (const { as, origin } of cases) {
        const response = await s.sendMember({ method, path, as, origin, body: {} });
        if (response.statusCode !== 403 || errorOf(response) !== 'csrf_failed') wrong.push(`${route.operationId} origin ${String(origin)}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: phone })).statusCode).toBe(200);
  });

  it('ends a session unused for 60 days', async () => {
    const { phone } = await signInTwice('sam@example.com', s.studio.sam, 'south');
    s.clock.advance(59 * day);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: phone })).statusCode).toBe(200);
    s.clock.advance(60 * day + 1000);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: phone })).statusCode).toBe(401);
  });

  it('lets staff of the member’s location list and end the member’s sessions from the member’s page; one, then every device', async () => {
    const { phone, laptop } = await signInTwice('nina@example.com', s.studio.nina, 'north');
    const desk = await s.signIn('dee@alder.example');
    const listed = await s.send({ method: 'GET', url: `/app/api/members/${s.studio.nina}/app-sessions`, as: desk });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json<{ data: { id: string; device: string }[] }>().data;
    expect(rows).toHaveLength(2);
    const laptopId = (await sessionsOf(laptop)).find((row) => row.current)!.id;
    const one = await s.send({ method: 'POST', url: `/app/api/members/${s.studio.nina}/app-sessions/end`, as: desk, body: { session_id: laptopId } });
    expect(one.json()).toEqual({ ended: 1 });
    const [, ...rest] = rows;
    expect(rest).toHaveLength(1);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: laptop })).statusCode).toBe(401);
    expect((await s.sendMember({ method: 'GET', path: '/me', as: phone })).statusCode).toBe(200);
    // A session of another member named under nina's page is not nina's: nothing ends.
    const sam = await s.signInMember('sam@example.com', s.studio.sam, 'south');
    const samId = (await sessionsOf(sam)).find((row) => row.current)!.id;
    const owner = await s.signIn('olive@alder.example');
    const wrongPage = await s.send({ method: 'POST', url: `/app/api/members/${s.studio.nina}/app-sessions/end`, as: owner, body: { session_id: samId } });
    expect(wrongPage.json()).toEqual({ ended: 0 });
    expect((await s.sendMember({ method: 'GET', path: '/me', as: sam })).statusCode).toBe(200);
    const open = (await s.send({ method: 'GET', url: `/app/api/members/${s.studio.nina}/app-sessions`, as: desk })).json<{ data: { id: string }[] }>().data;
    const all = await s.send({ method: 'POST', url: `/app/api/members/${s.studio.nina}/app-sessions/end`, as: desk, body: {} });
    expect(all.json()).toEqual({ ended: open.length });
    expect((await s.send({ method: 'GET', url: `/app/api/members/${s.studio.nina}/app-sessions`, as: desk })).json()).toEqual({ data: [] });
    expect((await s.sendMember({ method: 'GET', path: '/me', as: phone })).statusCode).toBe(401);
  });

  it('refuses the front desk of north a south member’s sessions, and another business’s staff any', async () => {
    const desk = await s.signIn('dee@alder.example');
    const south = await s.send({ method: 'GET', url: `/app/api/members/${s.studio.sam}/app-sessions`, as: desk });
    expect(south.statusCode).toBe(403);
    expect(errorOf(south)).toBe('location_not_allowed');
    const other = await s.signIn('olive@other.example', s.other.companyId);
    const foreign = await s.send({ method: 'POST', url: `/app/api/members/${s.studio.sam}/app-sessions/end`, as: other, body: {} });
    expect(foreign.statusCode).toBe(404);
  });
});
