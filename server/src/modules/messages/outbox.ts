import { randomUUID } from 'node:crypto';
import type { Language } from '@studio/shared/i18n';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { transactionScope } from '../../db/transaction-scope.js';
import type { Db, Queryable } from '../../db/types.js';
import type { MessageTemplate } from './templates/names.js';

export interface MessageInput {
  companyId: string;
  /** The location the message speaks for (its name, address and branding in the footer); null: the business's. */
  locationId: string | null;
  /** The member it goes to; null for a message to an address alone. */
  contactId: string | null;
  to: string;
  template: MessageTemplate;
  language: Language;
  /** The template's values: plain strings and numbers, already in the member's terms (times in the location's zone are worded by the template). */
  data: Record<string, string | number | null>;
}

/**
 * Writes a message into the outbox on `tx`, the transaction of the change it tells of: committed
 * with the change or rolled back with it, as events are (events/record.ts). Outside a transaction
 * it throws. The sender (modules/messages/sender) sends it when its time comes.
 */
export async function queueMessage(db: Db, tx: Queryable, input: MessageInput, clock: Clock = systemClock): Promise<string> {
  if (!transactionScope(tx)) throw new Error(`queueMessage(${input.template}) needs the transaction of the change it tells of.`);
  const id = randomUUID();
  const now = toIso(clock());
  await tx.run(
    db.qb.insertInto('member_messages').values({
      id,
      company_id: input.companyId,
      location_id: input.locationId,
      contact_id: input.contactId,
      to_address: input.to,
      template: input.template,
      language: input.language,
      data: JSON.stringify(input.data),
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      sent_at: null,
    }),
  );
  return id;
}
