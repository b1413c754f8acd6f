import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { queueMessage } from '../../src/modules/messages/outbox.js';
import { handClock, messageRow, newMember, newPlace } from './fixture.js';

describe.each(dialects)('the members’ email outbox (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('refuses a message outside a transaction', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const input = { companyId: place.companyId, locationId: place.locationId, contactId: member.id, to: member.email, template: 'class_reminder', language: 'en', data: {} } as const;
    await expect(queueMessage(suite.db, suite.db, input, clock.now)).rejects.toThrow('queueMessage(class_reminder) needs the transaction of the change it tells of.');
    expect(await suite.db.all(suite.db.qb.selectFrom('member_messages').select('id').where('contact_id', '=', member.id))).toEqual([]);
  });

  it('commits a message with its change, and rolls it back with it', async () => {
    const clock = handClock();
    const place = await newPlace(suite.db, clock);
    const member = await newMember(suite.db, place, clock);
    const change = (notes: string, fail: boolean) =>
      suite.db.transaction(async (tx) => {
        await tx.run(suite.db.qb.updateTable('contacts').set({ notes }).where('id', '=', member.id));
        const id = await queueMessage(
          suite.db,
          tx,
          {
            companyId: place.companyId,
            locationId: place.locationId,
            contactId: member.id,
            to: member.email,
            template: 'booking_confirmed',
            language: 'es',
            data: { service: 'Yin', start_at: '2026-11-24T17:30:00.000Z' },
          },
          clock.now,
        );
        if (fail) throw new Error(`the change failed after queueing ${id}`);
        return id;
      });
    await expect(change('rolled back', true)).rejects.toThrow('the change failed');
    expect(await suite.db.all(suite.db.qb.selectFrom('member_messages').select('id').where('contact_id', '=', member.id))).toEqual([]);
    const id = await change('kept', false);
    expect((await suite.db.first(suite.db.qb.selectFrom('contacts').select('notes').where('id', '=', member.id)))?.notes).toBe('kept');
    expect(await messageRow(suite.db, id)).toMatchObject({ status: 'queued', attempts: 0, language: 'es', template: 'booking_confirmed', next_attempt_at: '2026-11-20T09:00:00.000Z' });
  });
});
