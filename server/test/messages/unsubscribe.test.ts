import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { queueMessage } from '../../src/modules/messages/outbox.js';
import { unsubscribeToken } from '../../src/modules/messages/unsubscribe-link.js';
import { memberStudio, type MemberStudio } from '../member-auth/member-studio.js';
import { host } from '../web/web-studio.js';
import { handClock, newMember } from './fixture.js';

async function remindersOn(db: Db, contactId: string) {
  const row = await db.first(db.qb.selectFrom('member_preferences').select(['class_reminders', 'updated_via']).where('contact_id', '=', contactId));
  return row ?? null;
}

async function secretOf(db: Db, companyId: string) {
  return (await db.first(db.qb.selectFrom('companies').select('credential_secret').where('id', '=', companyId)))!.credential_secret!;
}

describe.each(dialects)('one-click unsubscribe and the member’s preferences (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: MemberStudio;
  beforeAll(async () => {
    s = await memberStudio(suite.db);
  });
  afterAll(async () => {
    await s.app.close();
  });

  /** A class reminder to the contact, queued as the scheduler queues one: its id. */
  const reminderTo = (companyId: string, locationId: string, contactId: string, language: 'en' | 'de' = 'de') =>
    suite.db.transaction((tx) =>
      queueMessage(
        suite.db,
        tx,
        { companyId, locationId, contactId, to: 'member@example.com', template: 'class_reminder', language, data: { service: 'Yin', start_at: '2026-11-24T17:30:00.000Z' } },
        s.clock.now,
      ),
    );

  /** A request as a mail client or a browser sends it: no cookie, no CSRF token, no Origin. */
  const open = (method: 'GET' | 'POST', token: string, body?: { type: string; payload: string }) =>
    s.app.inject({ method, url: `/m/unsubscribe/${token}`, headers: { host, ...(body && { 'content-type': body.type }) }, ...(body && { payload: body.payload }) });
  const oneClick = { type: 'application/x-www-form-urlencoded', payload: 'List-Unsubscribe=One-Click' };

  it('a GET only shows the page with its button, in the message’s language; the POST turns reminders off without a session', async () => {
    const { companyId, north, nina } = s.studio;
    const id = await reminderTo(companyId, north, nina);
    const token = unsubscribeToken(await secretOf(suite.db, companyId), id, nina);
    const page = await open('GET', token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page.body).toContain('Kurserinnerungen abbestellen');
    expect(await remindersOn(suite.db, nina)).toBeNull();

    const done = await open('POST', token, oneClick);
    expect(done.statusCode).toBe(200);
    expect(done.headers.location).toBeUndefined();
    expect(done.body).toContain('keine Kurserinnerungen mehr');
    expect(await remindersOn(suite.db, nina)).toEqual({ class_reminders: 0, updated_via: 'unsubscribe_link' });
    // Again: the same answer.
    expect((await open('POST', token, oneClick)).statusCode).toBe(200);
  });

  it('takes the one-click field as a mail client may send it, multipart; refuses a POST without it', async () => {
    const { companyId, south, sam } = s.studio;
    const token = unsubscribeToken(await secretOf(suite.db, companyId), await reminderTo(companyId, south, sam, 'en'), sam);
    const bare = await open('POST', token, { type: 'application/x-www-form-urlencoded', payload: 'List-Unsubscribe=Later' });
    expect(bare.statusCode).toBe(400);
    expect(await remindersOn(suite.db, sam)).toBeNull();
    const boundary = 'x-studio-test';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const done = await open('POST', token, { type: `multipart/form-data; boundary=${boundary}`, payload });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('<html lang="en">');
    expect(await remindersOn(suite.db, sam)).toMatchObject({ class_reminders: 0 });
  });

  it('refuses a forged token, another member’s message under a member’s signature, and another company’s secret', async () => {
    const { companyId, north, nina } = s.studio;
    const { id: lead } = await newMember(suite.db, { companyId, locationId: north }, handClock(), 'Lee');
    const secret = await secretOf(suite.db, companyId);
    const leads = await reminderTo(companyId, north, lead);
    const ninas = await reminderTo(companyId, north, nina);
    const genuine = unsubscribeToken(secret, leads, lead);
    const forged = [
      `${leads}.${'A'.repeat(43)}`,
      // nina's signature on lead's message, and lead's signature with nina's message id.
      `${leads}.${unsubscribeToken(secret, ninas, nina).split('.')[1]}`,
      `${ninas}.${genuine.split('.')[1]}`,
      // Signed for lead, but with another company's secret.
      unsubscribeToken(await secretOf(suite.db, s.other.companyId), leads, lead),
      leads,
      'not-a-token',
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await open(method, token, method === 'POST' ? oneClick : undefined);
        expect(response.statusCode, token).toBe(404);
        expect(response.body).toContain('This link does not work');
      }
    }
    expect(await remindersOn(suite.db, lead)).toBeNull();
    expect((await open('POST', genuine, oneClick)).statusCode).toBe(200);
    expect(await remindersOn(suite.db, lead)).toMatchObject({ class_reminders: 0 });
  });

  it('the member reads and sets their own reminders; staff and nobody get 401, a write without CSRF 403', async () => {
    const { companyId, north, nina } = s.studio;
    const token = unsubscribeToken(await secretOf(suite.db, companyId), await reminderTo(companyId, north, nina), nina);
    await open('POST', token, oneClick);
    const member = await s.signInMember('nina@example.com', nina);
    const read = await s.sendMember({ method: 'GET', path: '/preferences', as: member });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ class_reminders: false });
    const on = await s.sendMember({ method: 'PATCH', path: '/preferences', as: member, body: { class_reminders: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ class_reminders: true });
    expect(await remindersOn(suite.db, nina)).toEqual({ class_reminders: 1, updated_via: 'member' });
    expect((await s.sendMember({ method: 'PATCH', path: '/preferences', as: member, body: {} })).json()).toEqual({ class_reminders: true });
    expect((await s.sendMember({ method: 'PATCH', path: '/preferences', as: member, body: { class_reminders: 'no' } })).statusCode).toBe(400);
    const noCsrf = await s.sendMember({ method: 'PATCH', path: '/preferences', as: { ...member, csrf: 'wrong' }, body: { class_reminders: false } });
    expect(noCsrf.statusCode).toBe(403);
    const owner = await s.signIn('olive@alder.example');
    expect((await s.sendMember({ method: 'GET', path: '/preferences', as: owner })).statusCode).toBe(401);
    expect((await s.sendMember({ method: 'GET', path: '/preferences' })).statusCode).toBe(401);
    expect(await remindersOn(suite.db, nina)).toMatchObject({ class_reminders: 1 });
  });
});
