import { enrolmentKeys, memberCodeKey } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedConsumer } from '../helpers/feed-consumer.js';

/** Every way a cursor's bytes could show a text: as sent, base64url-decoded (each part), and those bytes in hex. */
function readings(cursor: string): string {
  const parts = cursor.split('.').map((part) => Buffer.from(part, 'base64url'));
  return [cursor, ...parts.map((b) => b.toString('latin1')), ...parts.map((b) => b.toString('utf8')), ...parts.map((b) => b.toString('hex'))].join('\n').toUpperCase();
}

/** A card number as a reader may print it: as enrolled, its hex with and without padding, every match key. */
function printedForms(card: string): string[] {
  const keys = enrolmentKeys(card, 'auto').keys;
  const hex = BigInt(card).toString(16).toUpperCase();
  return [card, hex, hex.padStart(8, '0'), ...keys, ...keys.map((key) => key.split(':').pop()!)];
}

describe.each(dialects)('the eligibility feed cursor (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
  });
  afterAll(() => f.close());

  it('shows no member code or card number, in any printed form, in any cursor of a full paging', async () => {
    const site = await build.location();
    const codes: string[] = [];
    const cards: string[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(`CURSOR${i}X`);
      cards.push(String(3_100_000_000 + i * 7919));
      await build.member({ locationId: site, code: codes[i], cards: [{ value: cards[i]! }] });
    }
    const cursors: string[] = [];
    const consumer = new FeedConsumer(f, site, 1);
    // limit=1: one page per credential key, the probe of issue 14.
    await consumer.sync();
    expect(consumer.pages).toBeGreaterThanOrEqual(12);
    // Collect every cursor by paging again from the start, one request at a time.
    let cursor: string | undefined;
    do {
      const answer = await f.request('GET', `/v1/members/eligibility?location_id=${site}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status).toBe(200);
      cursor = answer.body.next_cursor as string;
      cursors.push(cursor);
      if (!answer.body.has_more) break;
    } while (cursors.length < 100);
    expect(cursors.length).toBeGreaterThanOrEqual(12);
    const forbidden = [...codes.flatMap((code) => [code, memberCodeKey(code)]), ...cards.flatMap(printedForms)].map((text) => text.toUpperCase());
    for (const c of cursors) {
      const seen = readings(c);
      for (const text of forbidden) expect(seen.includes(text), `cursor shows ${text}`).toBe(false);
    }
  });

  it('still resumes exactly where a page ended, and refuses an altered cursor', async () => {
    const site = await build.location();
    const ours = new Set<string>();
    for (let i = 0; i < 5; i++) ours.add((await build.member({ locationId: site, code: `RESUME${i}`, cards: [{ value: String(3_200_000_000 + i) }] })).membershipId);
    const consumer = new FeedConsumer(f, site, 3);
    const rows = await consumer.sync();
    expect(new Set(rows.map((row) => row.credential_hash)).size).toBe(rows.length);
    expect(rows.filter((row) => ours.has(row.membership_id)).length).toBe(10);
    const altered = `${consumer.cursor!.slice(0, -3)}AAA`;
    const answer = await f.request('GET', `/v1/members/eligibility?location_id=${site}&cursor=${encodeURIComponent(altered)}`);
    expect(answer.body.error).toMatchObject({ code: 'invalid_param', param: 'cursor' });
  });
});
