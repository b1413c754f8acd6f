import { startTestSmtpServer, type TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/modules/messages/unsubscribe-link.js';
import { attemptsOf, capturedLog, handClock, messageRow, newMember, newPlace, publicUrl, queue, sender, smtpOf } from './fixture.js';

const classAt = { service: 'Vinyasa Flow', start_at: '2026-11-24T17:30:00.000Z' };

describe.each(dialects)('members’ emails reach a real SMTP server (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('sends a booking confirmation in Spanish and in German: subject, text and HTML in the language, From and To, the location in the footer', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock, { name: 'Alder Yoga Mitte', address: 'Torstraße 1, 10119 Berlin' });
    const ana = await newMember(suite.db, place, clock, 'Ana');
    const dora = await newMember(suite.db, place, clock, 'Dora');
    const [es, de] = [await queue(suite.db, clock, place, ana, 'booking_confirmed', 'es', classAt), await queue(suite.db, clock, place, dora, 'booking_confirmed', 'de', classAt)];
    const worker = sender(suite.db, clock, smtpOf(smtp));
    expect(await worker.runOnce()).toBe(2);
    await worker.stop();

    const spanish = (await smtp.nextTo(ana.email)).parsed;
    expect(spanish.subject).toBe(`Reservado: Vinyasa Flow, ${spanishWhen(spanish.text)}`);
    expect(spanish.text).toContain('Hola, Ana:');
    expect(spanish.text).toMatch(/Tienes plaza en Vinyasa Flow el martes, 24 de noviembre.*18:30/);
    expect(spanish.html).toContain('Tienes plaza en Vinyasa Flow');
    expect(spanish.text).toContain('Recibes este correo como miembro de Alder Yoga Mitte.');
    expect(spanish.date?.toISOString()).toBe('2026-11-20T09:00:00.000Z');
    expect(spanish.from?.value).toEqual([{ name: 'Alder Yoga Mitte', address: 'hello@studio.example' }]);
    expect(spanish.to && !Array.isArray(spanish.to) && spanish.to.value.map((to) => to.address)).toEqual([ana.email]);

    const german = (await smtp.nextTo(dora.email)).parsed;
    expect(german.subject).toMatch(/^Gebucht: Vinyasa Flow, Dienstag, 24\. November.*18:30$/);
    expect(german.text).toContain('Hallo Dora,');
    expect(german.text).toMatch(/Du bist für Vinyasa Flow am Dienstag, 24\. November.*18:30 gebucht\./);
    for (const part of [german.text!, german.html as string]) {
      expect(part).toContain('Alder Yoga Mitte');
      expect(part).toContain('Torstraße 1, 10119 Berlin');
    }
    expect(german.html).toContain('<html lang="de">');
    expect(german.headers.get('list-unsubscribe')).toBeUndefined();

    for (const id of [es, de]) {
      expect(await messageRow(suite.db, id)).toMatchObject({ status: 'sent', attempts: 1, sent_at: '2026-11-20T09:00:00.000Z' });
      expect(await attemptsOf(suite.db, id)).toEqual([{ at: '2026-11-20T09:00:00.000Z', outcome: 'sent', detail: null }]);
    }
  });

  it('escapes a name that looks like markup in the HTML, and keeps it as written in the plain text', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock, { name: 'Rock & Roll <Studio>' });
    const member = await newMember(suite.db, place, clock, '<b>Ann</b>');
    await queue(suite.db, clock, place, member, 'class_cancelled', 'en', { service: 'Yin "deep" <i>stretch</i>', start_at: classAt.start_at });
    const worker = sender(suite.db, clock, smtpOf(smtp));
    await worker.runOnce();
    await worker.stop();
    const mail = (await smtp.nextTo(member.email)).parsed;
    const html = mail.html as string;
    expect(html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt;,');
    expect(html).not.toContain('<b>Ann</b>');
    expect(html).toContain('Rock &amp; Roll &lt;Studio&gt; has cancelled Yin &quot;deep&quot; &lt;i&gt;stretch&lt;/i&gt;');
    expect(html).not.toMatch(/<i>|<Studio>/);
    expect(mail.text).toContain('Hello <b>Ann</b>,');
    expect(mail.subject).toMatch(/^Cancelled by the studio: Yin "deep" <i>stretch<\/i>, Tuesday/);
  });

  it('gives a class reminder RFC 8058 one-click unsubscribe headers pointing at the server, and a link in the footer', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const id = await queue(suite.db, clock, place, member, 'class_reminder', 'en', classAt);
    const worker = sender(suite.db, clock, smtpOf(smtp));
    await worker.runOnce();
    await worker.stop();
    const mail = await smtp.nextTo(member.email);
    // The token: the message's id signed for its member with the company's secret (unsubscribe-link.ts).
    const secret = (await suite.db.first(suite.db.qb.selectFrom('companies').select('credential_secret').where('id', '=', place.companyId)))!.credential_secret!;
    const url = `${publicUrl}/m/unsubscribe/${unsubscribeToken(secret, id, member.id)}`;
    // The header block with folded lines unfolded (RFC 5322 §2.2.3), as a mail client reads it.
    const headers = mail.raw
      .split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ')
      .split(/\r?\n/);
    expect(headers).toContain(`List-Unsubscribe: <${url}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.parsed.text).toContain(`No more class reminders: ${url}`);
    expect(mail.parsed.html).toContain(`href="${url}"`);
  });

  it('sends a sign-in code with its link, then clears code and link from the row, and never logs them', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const code = '482913';
    const link = 'https://studio.example.com/m/sign-in?token=secret-token-value';
    const id = await queue(suite.db, clock, place, member, 'sign_in_code', 'de', { code, link, minutes: 15 });
    const { log, lines } = capturedLog();
    const worker = sender(suite.db, clock, smtpOf(smtp), { log });
    worker.start();
    const mail = (await smtp.nextTo(member.email)).parsed;
    await worker.stop();
    expect(mail.subject).toBe('Dein Anmeldecode für Alder Yoga Mitte');
    expect(mail.text).toContain(`Dein Anmeldecode ist ${code}. Er gilt 15 Minuten.`);
    expect(mail.text).toContain(`Anmelden: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    const row = await messageRow(suite.db, id);
    expect(row?.status).toBe('sent');
    expect(JSON.parse(row!.data)).toEqual({ minutes: 15 });
    expect(lines.some((line) => line.includes('member message sent') && line.includes(id))).toBe(true);
    for (const secret of [code, 'secret-token-value', member.email, 'Dein Anmeldecode']) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});

/** The weekday-and-time words of the Spanish text, as the subject repeats them. */
function spanishWhen(text: string | undefined): string {
  return /Tienes plaza en Vinyasa Flow el (.+)\./.exec(text ?? '')?.[1] ?? 'not found';
}
