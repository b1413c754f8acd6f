import { startTestSmtpServer, type TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { MemberMessageList } from '@studio/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { queueMessage } from '../../src/modules/messages/outbox.js';
import { webStudio } from '../web/web-studio.js';
import { handClock, sender, smtpOf } from './fixture.js';

describe.each(dialects)("a member's emails on the staff web app (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let smtp: TestSmtpServer;
  let s: Awaited<ReturnType<typeof webStudio>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    s = await webStudio(suite.db);
  });
  afterAll(async () => {
    await s.app.close();
    await smtp.close();
  });

  it('shows each message with its attempts, and none of its values; refuses the front desk of another location', async () => {
    const clock = handClock();
    const { companyId, north, nina } = s.studio;
    const id = await suite.db.transaction((tx) =>
      queueMessage(
        suite.db,
        tx,
        {
          companyId,
          locationId: north,
          contactId: nina,
          to: 'nina@member.example',
          template: 'sign_in_code',
          language: 'en',
          data: { code: '246810', link: 'https://studio.example.com/m/in?t=abc', minutes: 10 },
        },
        clock.now,
      ),
    );
    const worker = sender(suite.db, clock, smtpOf(smtp));
    smtp.refuse = { code: 452, message: 'Mailbox full' };
    try {
      await worker.runOnce();
    } finally {
      smtp.refuse = null;
    }
    clock.advance(30_000);
    await worker.runOnce();
    await worker.stop();

    const owner = await s.signIn('olive@alder.example');
    const response = await s.send({ method: 'GET', url: `/app/api/members/${nina}/messages`, as: owner });
    expect(response.statusCode, response.body).toBe(200);
    const list: z.infer<typeof MemberMessageList> = MemberMessageList.parse(response.json());
    expect(list.data).toEqual([
      {
        id,
        template: 'sign_in_code',
        language: 'en',
        to: 'nina@member.example',
        location_id: north,
        status: 'sent',
        created_at: '2026-11-20T09:00:00.000Z',
        sent_at: '2026-11-20T09:00:30.000Z',
        next_attempt_at: null,
        attempts: [
          { at: '2026-11-20T09:00:00.000Z', outcome: 'failed', detail: expect.stringMatching(/^452 Mailbox full/) },
          { at: '2026-11-20T09:00:30.000Z', outcome: 'sent', detail: null },
        ],
      },
    ]);
    expect(response.body).not.toContain('246810');

    const northDesk = await s.signIn('dee@alder.example');
    expect((await s.send({ method: 'GET', url: `/app/api/members/${nina}/messages`, as: northDesk })).statusCode).toBe(200);
    const southDesk = await s.signIn('sue@alder.example');
    const refused = await s.send({ method: 'GET', url: `/app/api/members/${nina}/messages`, as: southDesk });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('location_not_allowed');
  });
});
