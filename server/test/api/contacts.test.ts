import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListQuery } from '../../src/modules/contacts/repository.js';

describe.each(dialects)('contacts (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  it('walks 250 contacts page by page with no gap and no repeat', async () => {
    const created = new Set<string>();
    for (let i = 0; i < 250; i++) {
      const answer = await f.request('POST', '/v1/contacts', { body: { first_name: `Walker${i}`, location_id: f.acme.gb.id } });
      expect(answer.status).toBe(201);
      created.add(answer.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/v1/contacts?location_id=${f.acme.gb.id}&search=walker&limit=37${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await f.request('GET', url);
      expect(answer.status).toBe(200);
      expect(answer.body.data.length).toBeLessThanOrEqual(37);
      seen.push(...answer.body.data.map((c: { id: string }) => c.id));
      cursor = answer.body.next_cursor;
      pages++;
      // A contact added mid-walk at the end must neither break nor repeat the walk.
      if (pages === 3) {
        const late = await f.request('POST', '/v1/contacts', { body: { first_name: 'Walker-late', location_id: f.acme.gb.id } });
        created.add(late.body.id);
      }
    } while (cursor);
    expect(pages).toBe(Math.ceil(251 / 37));
    expect(seen.length).toBe(251);
    expect(new Set(seen)).toEqual(created);
    const defaultPage = await f.request('GET', `/v1/contacts?location_id=${f.acme.gb.id}`);
    expect(defaultPage.body.data.length).toBe(25);
  });

  it('refuses a tampered cursor, or one reused with other filters or by another company, with 400', async () => {
    const first = await f.request('GET', `/v1/contacts?location_id=${f.acme.gb.id}&limit=5`);
    const cursor: string = first.body.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const [payload, signature] = cursor.split('.');
    const forgedPosition = Buffer.from(JSON.stringify(['0000', '00000000-0000-0000-0000-000000000000'])).toString('base64url');
    const tampered = [`${forgedPosition}.${signature}`, `${payload}.${signature!.slice(0, -2)}AA`, cursor.slice(1), 'garbage', `${payload}`];
    for (const bad of tampered) {
      const answer = await f.request('GET', `/v1/contacts?location_id=${f.acme.gb.id}&limit=5&cursor=${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_param', param: 'cursor' });
    }
    const otherFilter = await f.request('GET', `/v1/contacts?location_id=${f.acme.us.id}&limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(otherFilter.status).toBe(400);
    const otherRoute = await f.request('GET', `/v1/services?limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(otherRoute.status).toBe(400);
    const otherCompany = await f.request('GET', `/v1/contacts?limit=5&cursor=${encodeURIComponent(cursor)}`, { key: f.keys.other });
    expect(otherCompany.status).toBe(400);
    const honest = await f.request('GET', `/v1/contacts?location_id=${f.acme.gb.id}&limit=5&cursor=${encodeURIComponent(cursor)}`);
    expect(honest.status).toBe(200);
  });

  it('normalises phones to E.164 and treats the same phone at one location as one contact', async () => {
    const first = await f.request('POST', '/v1/contacts', { body: { first_name: 'Sam', phone: '+1 (555) 010-0000', location_id: f.acme.us.id } });
    expect(first.status).toBe(201);
    expect(first.body.phone).toBe('+15550100000');
    const again = await f.request('POST', '/v1/contacts', { body: { first_name: 'Samuel', phone: '5550100000', location_id: f.acme.us.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const elsewhere = await f.request('POST', '/v1/contacts', { body: { first_name: 'Sam', phone: '+1 555 010 0000', location_id: f.acme.gb.id } });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
    const british = await f.request('POST', '/v1/contacts', { body: { first_name: 'Pip', phone: '020 7946 0000', location_id: f.acme.gb.id } });
    expect(british.body.phone).toBe('+442079460000');
    const bad = await f.request('POST', '/v1/contacts', { body: { first_name: 'Bad', phone: '12', location_id: f.acme.us.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_param', param: 'phone' });
  });

  it('finds contacts by any word of name, email or phone digits, ignoring case and accents', async () => {
    const jose = await f.request('POST', '/v1/contacts', {
      body: { first_name: 'José', last_name: 'Núñez', email: 'JNunez@example.com', phone: '555-010-4242', location_id: f.acme.us.id },
    });
    const search = async (q: string) => (await f.request('GET', `/v1/contacts?search=${encodeURIComponent(q)}&limit=100`)).body.data.map((c: { id: string }) => c.id);
    for (const q of ['jose', 'NUNEZ', 'josé núñez', 'jnunez@', '4242', '(555) 010-4242', 'nunez 4242']) {
      expect(await search(q), q).toContain(jose.body.id);
    }
    expect(await search('jose 9999')).not.toContain(jose.body.id);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('finds a renamed contact by the new name only, and words short, quoted or inside others', async () => {
    const search = async (q: string) => (await f.request('GET', `/v1/contacts?search=${encodeURIComponent(q)}&limit=100`)).body.data.map((c: { id: string }) => c.id);
    const created = await f.request('POST', '/v1/contacts', { body: { first_name: 'Quincy', last_name: 'O"Dell', location_id: f.acme.us.id } });
    const id = created.body.id as string;
    for (const q of ['quincy', 'QUI', 'incy', 'o"dell', 'qu', 'y o', 'qu dell']) expect(await search(q), q).toContain(id);
    await f.request('PATCH', `/v1/contacts/${id}`, { body: { first_name: 'Marguerite' } });
    expect(await search('quincy')).not.toContain(id);
    for (const q of ['marguerite', 'guer', 'ma o"d']) expect(await search(q), q).toContain(id);
  });

  it('serves a search word of three characters or more from the trigram index', async () => {
    const compiled = contactListQuery(f.db, f.acme.id, null, 'walker 42').compile();
    if (dialect === 'sqlite') {
      const plan = await f.db.all<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` } as CompiledQuery<{ detail: string }>);
      expect(plan.map((row) => row.detail).join('\n')).toMatch(/SCAN contacts_search VIRTUAL TABLE INDEX/);
    } else {
      const indexes = await f.db.all(sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'contacts_search_trigrams' and schemaname = current_schema()`.compile(f.db.qb));
      expect(indexes[0]?.indexdef).toMatch(/gin \(search_text gin_trgm_ops\)/);
    }
  });

  it('updates a contact, clears optional fields with null, and refuses a phone another contact has', async () => {
    const a = await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann', email: 'ann@example.com', phone: '5550101111', location_id: f.acme.us.id } });
    const b = await f.request('POST', '/v1/contacts', { body: { first_name: 'Bob', phone: '5550102222', location_id: f.acme.us.id } });
    const patched = await f.request('PATCH', `/v1/contacts/${a.body.id}`, { body: { last_name: 'Lee', email: null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ first_name: 'Ann', last_name: 'Lee', email: null, phone: '+15550101111' });
    expect((await f.request('GET', `/v1/contacts/${a.body.id}`)).body).toEqual(patched.body);
    const taken = await f.request('PATCH', `/v1/contacts/${b.body.id}`, { body: { phone: '+1 555 010 1111' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ type: 'conflict', code: 'phone_taken', param: 'phone' });
    expect((await f.request('PATCH', `/v1/contacts/${a.body.id}`, { body: { first_name: null } })).status).toBe(400);
  });
});
