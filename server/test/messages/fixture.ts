import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Language } from '@studio/shared/i18n';
import type { TestSmtpServer } from '@studio/testkit/mail/smtp-server';
import { pino } from 'pino';
import { toIso } from '../../src/clock/time.js';
import type { Db } from '../../src/db/types.js';
import { queueMessage, type MessageInput } from '../../src/modules/messages/outbox.js';
import { MessageSender, type MessageSenderOptions } from '../../src/modules/messages/sender.js';
import type { SmtpSettings } from '../../src/modules/messages/smtp-settings.js';
import { handClock, newCompany, type HandClock } from '../webhooks/delivery/fixture.js';

export { handClock, type HandClock };

export const publicUrl = 'https://studio.example.com';

export interface Place {
  companyId: string;
  locationId: string;
}

/** A business with one location, its name, address, zone and country as given. */
export async function newPlace(db: Db, clock: HandClock, fields: { name?: string; address?: string | null; timezone?: string; country?: string } = {}): Promise<Place> {
  const companyId = await newCompany(db);
  const locationId = randomUUID();
  const slug = `l${locationId.slice(0, 8)}`;
  await db.run(
    db.qb.insertInto('locations').values({
      id: locationId,
      company_id: companyId,
      name: fields.name ?? 'Alder Yoga Mitte',
      slug,
      timezone: fields.timezone ?? 'Europe/Berlin',
      country: fields.country ?? 'DE',
      address: fields.address === undefined ? 'Torstraße 1, 10119 Berlin' : fields.address,
      settings: '{}',
      created_at: toIso(clock.now()),
    }),
  );
  return { companyId, locationId };
}

/** A member of the place; the contact row as a change would write it. */
export async function newMember(db: Db, place: Place, clock: HandClock, firstName = 'Ann', email = `${randomUUID().slice(0, 8)}@member.example`) {
  const id = randomUUID();
  const at = toIso(clock.now());
  await db.run(
    db.qb.insertInto('contacts').values({
      id,
      company_id: place.companyId,
      location_id: place.locationId,
      first_name: firstName,
      last_name: 'Lee',
      phone: null,
      email,
      notes: null,
      search_text: `${firstName} lee ${email}`.toLowerCase(),
      created_at: at,
      updated_at: at,
    }),
  );
  return { id, email };
}

/** A message queued as a change queues it: in a transaction of its own here. */
export async function queue(db: Db, clock: HandClock, place: Place, member: { id: string; email: string }, template: MessageInput['template'], language: Language, data: MessageInput['data']) {
  return db.transaction((tx) => queueMessage(db, tx, { companyId: place.companyId, locationId: place.locationId, contactId: member.id, to: member.email, template, language, data }, clock.now));
}

export function smtpOf(server: TestSmtpServer, extra: Partial<SmtpSettings> = {}): SmtpSettings {
  return { host: server.host, port: server.port, secure: false, auth: null, from: 'hello@studio.example', ...extra };
}

/** Every line a logger wrote, as text, for what must never be in a log. */
export function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: pino({ level: 'trace' }, destination), lines };
}

/** A sender on the hand clock, no jitter, short timeouts; stopped by the caller. */
export function sender(db: Db, clock: HandClock, smtp: SmtpSettings | null, options: Partial<MessageSenderOptions> = {}) {
  return new MessageSender({ db, log: pino({ level: 'silent' }), smtp, publicUrl, clock: clock.now, random: () => 0, timeoutMs: 5000, stopGraceMs: 1000, ...options });
}

export async function messageRow(db: Db, id: string) {
  return db.first(db.qb.selectFrom('member_messages').selectAll().where('id', '=', id));
}

export async function attemptsOf(db: Db, id: string) {
  return db.all(db.qb.selectFrom('member_message_attempts').select(['at', 'outcome', 'detail']).where('message_id', '=', id).orderBy('at').orderBy('id'));
}
