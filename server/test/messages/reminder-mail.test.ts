import { startTestSmtpServer, type TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/clock/time.js';
import { queueDueReminders } from '../../src/modules/messages/reminders-due.js';
import { memberStudio, type MemberStudio } from '../member-auth/member-studio.js';
import { host } from '../web/web-studio.js';
import { sender, smtpOf } from './fixture.js';
import { book, newClass } from './reminder-fixture.js';

/** A class reminder over real SMTP: its RFC 8058 headers, and its link working as a mail client's one-click button. */
describe.each(dialects)('a class reminder at the member’s mail server (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let smtp: TestSmtpServer;
  let s: MemberStudio;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    s = await memberStudio(suite.db);
  });
  afterAll(async () => {
    await s.app.close();
    await smtp.close();
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post; POSTing its URL turns the member’s reminders off', async () => {
    const { companyId, north, nina } = s.studio;
    const place = { companyId, locationId: north };
    const clock = { now: s.clock.now, advance: (ms: number) => void s.clock.advance(ms), set: () => undefined };
    await book(suite.db, place, clock, await newClass(suite.db, place, clock, toIso(s.clock.now() + 90 * 60_000)), nina);
    expect(await queueDueReminders(suite.db, s.clock.now)).toMatchObject({ queued: 1 });
    const worker = sender(suite.db, clock, smtpOf(smtp), { publicUrl: 'https://studio.test/' });
    await worker.runOnce();
    await worker.stop();

    const mail = await smtp.nextTo('Nina@Example.com');
    expect(mail.parsed.subject).toMatch(/^Erinnerung: Vinyasa Flow, /);
    // As it came over the wire, its folded lines unfolded: one URL in angle brackets.
    const header = /^List-Unsubscribe: <([^>]+)>\r$/m.exec(mail.raw.replace(/\r\n[ \t]+/g, ' '))?.[1];
    const link = /^https:\/\/studio\.test\/m\/unsubscribe\/[\w.-]+$/.exec(header ?? '')?.[0];
    expect(link, header).toBeDefined();
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.parsed.text).toContain(link);

    // The mail client's one click: a POST to the URL, no cookie, no CSRF token.
    const response = await s.app.inject({
      method: 'POST',
      url: new URL(link!).pathname,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    const member = await s.signInMember('nina@example.com', nina);
    expect((await s.sendMember({ method: 'GET', path: '/preferences', as: member })).json()).toEqual({ class_reminders: false });

    // The next class is not reminded; a booking confirmation (transactional) would still go, with no such header.
    await book(suite.db, place, clock, await newClass(suite.db, place, clock, toIso(s.clock.now() + 100 * 60_000)), nina);
    expect(await queueDueReminders(suite.db, s.clock.now)).toMatchObject({ queued: 0, skipped: 1 });
  });
});
