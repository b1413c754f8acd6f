import { startTestSmtpServer, type TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptsOf, capturedLog, handClock, messageRow, newMember, newPlace, queue, sender, smtpOf } from './fixture.js';

const classAt = { service: 'Vinyasa Flow', start_at: '2026-11-24T17:30:00.000Z' };

describe.each(dialects)('retries, giving up and no provider (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('records a refused attempt with the provider’s answer, tries again after the backoff on the hand clock, then sends', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const id = await queue(suite.db, clock, place, member, 'booking_confirmed', 'en', classAt);
    const worker = sender(suite.db, clock, smtpOf(smtp));
    smtp.refuse = { code: 451, message: 'Try again later' };
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      smtp.refuse = null;
    }
    expect(await messageRow(suite.db, id)).toMatchObject({ status: 'queued', attempts: 1, next_attempt_at: '2026-11-20T09:00:30.000Z', sent_at: null });
    expect(await attemptsOf(suite.db, id)).toEqual([{ at: '2026-11-20T09:00:00.000Z', outcome: 'failed', detail: expect.stringMatching(/^451 Try again later/) }]);
    clock.advance(29_999);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(smtp.to(member.email)).toHaveLength(1);
    expect(await messageRow(suite.db, id)).toMatchObject({ status: 'sent', attempts: 2, sent_at: '2026-11-20T09:00:30.000Z' });
    expect((await attemptsOf(suite.db, id)).map((attempt) => attempt.outcome)).toEqual(['failed', 'sent']);
  });

  it('gives a sign-in code up once its minutes have passed: failed, its code cleared', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const id = await queue(suite.db, clock, place, member, 'sign_in_code', 'en', { code: '123456', link: 'https://studio.example.com/m/in?t=x', minutes: 2 });
    const worker = sender(suite.db, clock, smtpOf(smtp));
    smtp.refuse = { code: 550, message: 'Mailbox unavailable' };
    try {
      // 30 s, 60 s, then the window's end at two minutes: the fourth failure is the last.
      for (const wait of [0, 30_000, 60_000, 30_000]) {
        clock.advance(wait);
        expect(await worker.runOnce()).toBe(1);
      }
      clock.advance(600_000);
      expect(await worker.runOnce()).toBe(0);
    } finally {
      smtp.refuse = null;
      await worker.stop();
    }
    const row = await messageRow(suite.db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 4, sent_at: null });
    expect(JSON.parse(row!.data)).toEqual({ minutes: 2 });
    expect((await attemptsOf(suite.db, id)).map((attempt) => [attempt.at, attempt.outcome, attempt.detail?.slice(0, 23)])).toEqual([
      ['2026-11-20T09:00:00.000Z', 'failed', '550 Mailbox unavailable'],
      ['2026-11-20T09:00:30.000Z', 'failed', '550 Mailbox unavailable'],
      ['2026-11-20T09:01:30.000Z', 'failed', '550 Mailbox unavailable'],
      ['2026-11-20T09:02:00.000Z', 'failed', '550 Mailbox unavailable'],
    ]);
  });

  it('does not send a sign-in code that no longer works (the box was down past its minutes): failed, cleared, nothing sent', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const id = await queue(suite.db, clock, place, member, 'sign_in_code', 'en', { code: '654321', link: 'https://studio.example.com/m/in?t=y', minutes: 10 });
    clock.advance(10 * 60_000);
    const worker = sender(suite.db, clock, smtpOf(smtp));
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    const row = await messageRow(suite.db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(JSON.parse(row!.data)).toEqual({ minutes: 10 });
    expect(await attemptsOf(suite.db, id)).toEqual([{ at: '2026-11-20T09:10:00.000Z', outcome: 'failed', detail: 'expired: not sent within its window' }]);
    expect(smtp.to(member.email)).toEqual([]);
  });

  it('fails at once, with the fields named, a message whose data fits no template', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const id = await queue(suite.db, clock, place, member, 'waitlist_offer', 'en', { service: 'Yin', start_at: classAt.start_at, accept_link: 'javascript:alert(1)' });
    const worker = sender(suite.db, clock, smtpOf(smtp));
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(await messageRow(suite.db, id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await attemptsOf(suite.db, id)).toEqual([{ at: '2026-11-20T09:00:00.000Z', outcome: 'failed', detail: 'template_data_invalid: deadline_at, accept_link' }]);
    expect(smtp.to(member.email)).toEqual([]);
  });

  it('signs in to a provider that asks for it', async () => {
    const guarded = await startTestSmtpServer({ auth: { user: 'studio', pass: 'mail-secret' } });
    try {
      const clock = handClock();
      const place = await newPlace(suite.db, clock);
      const member = await newMember(suite.db, place, clock);
      const refused = await queue(suite.db, clock, place, member, 'class_reminder', 'en', classAt);
      clock.advance(1);
      const sent = await queue(suite.db, clock, place, member, 'class_reminder', 'en', classAt);
      const { log, lines } = capturedLog();
      const wrong = sender(suite.db, clock, smtpOf(guarded, { auth: { user: 'studio', pass: 'not-it' } }), { log, concurrency: 1 });
      expect(await wrong.runOnce()).toBe(1);
      await wrong.stop();
      expect(await attemptsOf(suite.db, refused)).toEqual([{ at: '2026-11-20T09:00:00.001Z', outcome: 'failed', detail: expect.stringMatching(/535/) }]);
      const right = sender(suite.db, clock, smtpOf(guarded, { auth: { user: 'studio', pass: 'mail-secret' } }), { log });
      expect(await right.runOnce()).toBe(1);
      await right.stop();
      expect(await messageRow(suite.db, sent)).toMatchObject({ status: 'sent' });
      expect(guarded.to(member.email)).toHaveLength(1);
      expect(lines.filter((line) => line.includes('mail-secret') || line.includes('not-it'))).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('without a provider: warns once at start, notes one not_configured attempt per message, and keeps it queued', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const id = await queue(suite.db, clock, place, member, 'booking_cancelled', 'de', classAt);
    const { log, lines } = capturedLog();
    const worker = sender(suite.db, clock, null, { log });
    worker.start();
    await worker.stop();
    for (let pass = 0; pass < 3; pass++) {
      clock.advance(60_000);
      await worker.runOnce();
    }
    expect(lines.filter((line) => line.includes('messages.not_configured'))).toHaveLength(1);
    expect(await messageRow(suite.db, id)).toMatchObject({ status: 'queued', attempts: 0, next_attempt_at: '2026-11-20T09:00:00.000Z' });
    expect(await attemptsOf(suite.db, id)).toEqual([{ at: expect.any(String), outcome: 'not_configured', detail: null }]);
    // Once a provider is set, the message goes at once.
    const configured = sender(suite.db, clock, smtpOf(smtp));
    expect(await configured.runOnce()).toBeGreaterThanOrEqual(1);
    await configured.stop();
    expect(await messageRow(suite.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
