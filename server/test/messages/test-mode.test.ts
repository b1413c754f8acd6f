import { randomUUID } from 'node:crypto';
import { startTestSmtpServer, type TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../src/clock/time.js';
import { testCompanyOf } from '../../src/modules/companies/environments.js';
import { attemptsOf, handClock, messageRow, newMember, newPlace, queue, sender, smtpOf } from './fixture.js';

const classAt = { service: 'Vinyasa Flow', start_at: '2026-11-24T17:30:00.000Z' };

describe.each(dialects)('a test-mode company’s emails (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('are recorded as test_mode and never sent, with a provider or without; the live company’s go', async () => {
    const clock = handClock();
    const live = await newPlace(suite.db, clock);
    const twin = await testCompanyOf(suite.db, live.companyId);
    const locationId = randomUUID();
    await suite.db.run(
      suite.db.qb.insertInto('locations').values({
        id: locationId,
        company_id: twin,
        name: 'Test North',
        slug: `t${locationId.slice(0, 8)}`,
        timezone: 'Europe/Berlin',
        country: 'DE',
        address: null,
        settings: '{}',
        created_at: toIso(clock.now()),
      }),
    );
    const test = { companyId: twin, locationId };
    const tester = await newMember(suite.db, test, clock);
    const member = await newMember(suite.db, live, clock);
    const withoutProvider = await queue(suite.db, clock, test, tester, 'sign_in_code', 'en', { code: '135790', link: 'https://studio.example.com/m/sign-in#x', minutes: 10 });
    const unconfigured = sender(suite.db, clock, null);
    await unconfigured.runOnce();
    await unconfigured.stop();
    expect(await messageRow(suite.db, withoutProvider)).toMatchObject({ status: 'test_mode', data: JSON.stringify({ minutes: 10 }) });
    expect((await attemptsOf(suite.db, withoutProvider)).map((attempt) => attempt.outcome)).toEqual(['test_mode']);

    const reminder = await queue(suite.db, clock, test, tester, 'class_reminder', 'en', classAt);
    const real = await queue(suite.db, clock, live, member, 'class_reminder', 'en', classAt);
    const worker = sender(suite.db, clock, smtpOf(smtp));
    await worker.runOnce();
    await worker.stop();
    expect(await messageRow(suite.db, reminder)).toMatchObject({ status: 'test_mode' });
    expect(await attemptsOf(suite.db, reminder)).toEqual([{ at: '2026-11-20T09:00:00.000Z', outcome: 'test_mode', detail: 'test mode: recorded, not sent' }]);
    expect(smtp.to(tester.email)).toHaveLength(0);
    expect(smtp.to(member.email)).toHaveLength(1);
    expect(await messageRow(suite.db, real)).toMatchObject({ status: 'sent' });
  });
});
