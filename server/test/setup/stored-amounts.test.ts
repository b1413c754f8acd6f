import { randomUUID } from 'node:crypto';
import { maxStoredInteger } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../helpers/database-digest.js';
import { password, webStudio, type Browser } from '../web/web-studio.js';

type ErrorBody = { error: { code: string; message: string; param?: string } };

/**
 * Amounts and counts above what a Postgres `integer` holds (issue 30, N13: a gift card's balance, a
 * plan's price, a package's sessions answered 500 on Postgres, SQLite took them) are refused on
 * every database alike, 422 `number_too_large` naming the field and the maximum, with nothing
 * written; the maximum itself is stored and read back.
 */
describe.each(dialects)('amounts and counts the databases cannot store (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Awaited<ReturnType<typeof webStudio>>;
  let owner: Browser;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    owner = await s.signIn('olive@alder.example');
  }, 60_000);
  afterAll(() => s.app.close());

  const tooLarge = maxStoredInteger + 1;
  const cases = () => [
    { url: '/app/api/setup/gift-cards', param: 'balance_cents', body: { location_id: s.studio.north, code: `GIFT-${randomUUID().slice(0, 8)}`, balance_cents: tooLarge } },
    { url: '/app/api/setup/plans', param: 'price_cents', body: { location_id: s.studio.north, name: 'Gold', price_cents: tooLarge, billing_interval: 'monthly' } },
    { url: '/app/api/setup/packages', param: 'total_sessions', body: { location_id: s.studio.north, name: 'Forever', price_cents: 100, total_sessions: tooLarge } },
    { url: '/app/api/setup/services', param: 'price_cents', body: { location_id: s.studio.north, name: 'Gold yoga', kind: 'class', duration_minutes: 60, price_cents: tooLarge } },
  ];

  it('refuses each with 422 number_too_large, naming the field and the maximum, and writes nothing', async () => {
    const before = await databaseDigest(suite.db);
    for (const { url, param, body } of cases()) {
      const response = await s.send({ method: 'POST', url, as: owner, body });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
      const { error } = response.json<ErrorBody>();
      expect(error).toMatchObject({ type: 'invalid_request', code: 'number_too_large', param });
      expect(error.message).toContain(String(maxStoredInteger));
    }
    expect(await databaseDigest(suite.db)).toEqual(before);
  });

  it('stores the maximum itself, and reads it back', async () => {
    const issued = await s.send({
      method: 'POST',
      url: '/app/api/setup/gift-cards',
      as: owner,
      body: { location_id: s.studio.north, code: `GIFT-${randomUUID().slice(0, 8)}`, balance_cents: maxStoredInteger },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json<{ current_balance_cents: number }>().current_balance_cents).toBe(maxStoredInteger);
    const plan = await s.send({
      method: 'POST',
      url: '/app/api/setup/plans',
      as: owner,
      body: { location_id: s.studio.north, name: 'Dear', price_cents: maxStoredInteger, billing_interval: 'monthly' },
    });
    expect(plan.statusCode, plan.body).toBe(201);
  });

  it('lists the same problem in an import dry run, which then imports nothing', async () => {
    const file = { version: 1, existing: { locations: [{ ref: 'north', slug: 'north' }] }, gift_cards: [{ location: 'north', code: 'HUGE-1', initial_balance_cents: tooLarge }] };
    const response = await s.send({ method: 'POST', url: '/app/api/import/dry-run', as: owner, body: { password, file } });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ ok: boolean; problems: string[] }>();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.stringMatching(new RegExp(`^gift_cards\\[0\\].*initial_balance_cents.*${maxStoredInteger}`))]);
  });
});
