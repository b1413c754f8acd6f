import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import { startTestSmtpServer, type TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { claimDueMessages } from '../../src/modules/messages/claims.js';
import { recordMessageAttempt } from '../../src/modules/messages/record-attempt.js';
import { attemptsOf, handClock, messageRow, newMember, newPlace, queue, sender, smtpOf } from './fixture.js';

const classAt = { service: 'Vinyasa Flow', start_at: '2026-11-24T17:30:00.000Z' };

describe.each(dialects)('messages shared by server processes (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const opened: Db[] = [];
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });
  afterAll(async () => {
    await smtp.close();
  });
  /** A second server process's own connection to the same database. */
  const secondProcess = async () => {
    const db = await openDatabase(suite.url);
    opened.push(db);
    return db;
  };

  it('two senders on one database send each message once', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const members = await Promise.all(Array.from({ length: 24 }, (_, n) => newMember(suite.db, place, clock, `M${n}`)));
    const ids = await Promise.all(members.map((member) => queue(suite.db, clock, place, member, 'booking_confirmed', 'en', classAt)));
    smtp.answerDelayMs = 20;
    const [first, second] = [sender(suite.db, clock, smtpOf(smtp), { concurrency: 4 }), sender(await secondProcess(), clock, smtpOf(smtp), { concurrency: 4 })];
    try {
      let rounds = 0;
      while (members.some((member) => smtp.to(member.email).length === 0) && rounds++ < 40) await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
    } finally {
      smtp.answerDelayMs = 0;
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(members.map((member) => smtp.to(member.email).length)).toEqual(members.map(() => 1));
    for (const id of ids) expect((await attemptsOf(suite.db, id)).map((attempt) => attempt.outcome)).toEqual(['sent']);
  });

  it('takes over a message whose process died mid-send once its claim runs out, and the dead claim records nothing', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const id = await queue(suite.db, clock, place, member, 'class_reminder', 'en', classAt);
    // A process claims it and is killed before it sends.
    const [claimed] = await claimDueMessages(await secondProcess(), clock.now, 10, 120_000);
    expect(claimed?.id).toBe(id);
    const survivor = sender(suite.db, clock, smtpOf(smtp));
    expect(await survivor.runOnce()).toBe(0);
    clock.advance(119_999);
    expect(await survivor.runOnce()).toBe(0);
    clock.advance(1);
    expect(await survivor.runOnce()).toBe(1);
    await survivor.stop();
    expect(smtp.to(member.email)).toHaveLength(1);
    expect(await messageRow(suite.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    // The dead process's claim, were it to finish after all, writes nothing over the survivor's.
    expect(await recordMessageAttempt(suite.db, claimed!, { ok: false, detail: '421 late' }, clock.now, () => 0)).toBeNull();
    expect(await attemptsOf(suite.db, id)).toEqual([{ at: '2026-11-20T09:02:00.000Z', outcome: 'sent', detail: null }]);
  });
});
