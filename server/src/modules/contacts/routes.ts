import { contracts } from '@studio/shared/contracts';
import { implement, ok } from '../../http/route.js';
import { createContact, getContact, listContacts, updateContact } from './service.js';
export const contactRoutes = [
  implement(contracts.listContacts, async ({ db, actor, query, cursors }) => ok(await listContacts(db, actor, query, cursors))),
  implement(contracts.getContact, async ({ db, actor, params }) => ok(await getContact(db, actor, params.id))),
  implement(contracts.createContact, async ({ db, actor, body }) => {
    const { contact, created } = await createContact(db, actor, body);
    return { status: created ? 201 : 200, body: contact };
  }),
  implement(contracts.updateContact, async ({ db, actor, params, body }) => ok(await updateContact(db, actor, params.id, body))),
];
