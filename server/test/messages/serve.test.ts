import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import { startTestSmtpServer, type TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { startStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { queueMessage } from '../../src/modules/messages/outbox.js';
import { attemptsOf, handClock, newMember, newPlace } from './fixture.js';

/** The sender as `studio serve` runs it: started with the server, from the environment's SMTP settings, stopped by SIGTERM. */
describe.each(dialects)('members’ emails from `studio serve` on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = await openDatabase(database.url);
    smtp = await startTestSmtpServer({ auth: { user: 'studio', pass: 'serve-secret' } });
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
    await database.drop();
  });

  /** A message queued now (the server's own clock decides when it is due). */
  const queueNow = async (template: 'class_reminder' | 'booking_confirmed') => {
    const place = await newPlace(db, handClock());
    const member = await newMember(db, place, handClock());
    const id = await db.transaction((tx) =>
      queueMessage(db, tx, {
        companyId: place.companyId,
        locationId: place.locationId,
        contactId: member.id,
        to: member.email,
        template,
        language: 'en',
        data: { service: 'Yin', start_at: '2026-11-24T17:30:00.000Z' },
      }),
    );
    return { id, member };
  };

  it('sends what is queued through the configured provider, and exits cleanly on SIGTERM', async () => {
    const env = {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_USER: 'studio',
      SMTP_PASSWORD: 'serve-secret',
      SMTP_FROM: 'hello@studio.example',
      PUBLIC_URL: 'https://studio.example.com',
    };
    const server = await startStudio('serve', database.url, 'info', { env });
    try {
      const { id, member } = await queueNow('class_reminder');
      const mail = await smtp.nextTo(member.email);
      expect(mail.parsed.subject).toMatch(/^Reminder: Yin, /);
      expect(mail.parsed.text).toContain(`https://studio.example.com/m/unsubscribe/${id}`);
      await expect.poll(async () => (await attemptsOf(db, id)).map((attempt) => attempt.outcome), { timeout: 10_000 }).toEqual(['sent']);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.output()).not.toContain('serve-secret');
    expect(server.output()).not.toContain('not_configured');
  });

  it('without a provider: warns once at start and leaves the message queued with one not_configured attempt', async () => {
    const server = await startStudio('serve', database.url, 'warn');
    try {
      const { id } = await queueNow('booking_confirmed');
      await expect.poll(async () => (await attemptsOf(db, id)).map((attempt) => attempt.outcome), { timeout: 10_000 }).toEqual(['not_configured']);
      const row = await db.first(db.qb.selectFrom('member_messages').select(['status', 'attempts']).where('id', '=', id));
      expect(row).toEqual({ status: 'queued', attempts: 0 });
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.output().match(/no SMTP provider/g)).toHaveLength(1);
  });
});
