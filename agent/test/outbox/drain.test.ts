import { ApiRequestError, NetworkError } from '@studio/shared/client';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drainOutbox, type DrainSettings } from '../../src/outbox/drain.js';
import { DurableOutbox, type OutboxRow } from '../../src/outbox/durable-outbox.js';
import { openAgentDatabase, type AgentDatabase } from '../../src/store/database.js';
import { outboxTableSql } from '../../src/store/outbox-table.js';

/** A third kind of offline report, as a feature would add one: a desk sale of one member. */
interface SaleRow extends OutboxRow {
  member: string;
  amount: number;
  receipt_id: string | null;
}
type NewSale = Pick<SaleRow, 'idempotency_key' | 'member' | 'amount'>;

const refusal = (status: number, code: string) =>
  new ApiRequestError(
    code,
    { status, type: 'invalid_request', code, param: undefined, requestId: undefined, reasons: undefined, retryAfterMs: undefined },
    { method: 'POST', path: '/sales', attempts: 1 },
  );
const unreachable = () => new NetworkError('network_error', 'connection refused', { method: 'POST', path: '/sales', attempts: 1 });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the generic outbox and its drain', () => {
  let db: AgentDatabase;
  let sales: DurableOutbox<SaleRow, NewSale>;
  const at = new Date('2026-03-02T10:00:00Z');

  beforeEach(() => {
    db = openAgentDatabase(':memory:');
    db.exec(outboxTableSql('desk_sale_outbox', 'member text not null, amount integer not null, receipt_id text'));
    sales = new DurableOutbox<SaleRow, NewSale>(db, { name: 'desk_sale_outbox', columns: ['idempotency_key', 'member', 'amount'], sentRef: 'receipt_id' });
  });
  afterEach(() => db.close());

  const addSales = (members: number, perMember: number) => {
    db.transaction(() => {
      for (let round = 0; round < perMember; round++) {
        for (let m = 0; m < members; m++) sales.add({ idempotency_key: `sale-${m}-${round}`, member: `m${m}`, amount: 100 + round }, at);
      }
    })();
  };

  /** Delivers after a few milliseconds, counting deliveries in flight overall and per member. */
  const server = () => {
    const seen = { maxInFlight: 0, maxPerMember: 0, keys: [] as string[] };
    const perMember = new Map<string, number>();
    let inFlight = 0;
    const deliver = async (row: SaleRow) => {
      inFlight++;
      perMember.set(row.member, (perMember.get(row.member) ?? 0) + 1);
      seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
      seen.maxPerMember = Math.max(seen.maxPerMember, perMember.get(row.member)!);
      try {
        await pause(3);
        seen.keys.push(row.idempotency_key);
        return { receipt: `receipt-${row.idempotency_key}` };
      } finally {
        inFlight--;
        perMember.set(row.member, perMember.get(row.member)! - 1);
      }
    };
    return { seen, deliver };
  };

  const settings = (deliver: (row: SaleRow) => Promise<{ receipt: string }>, options: Partial<DrainSettings<SaleRow, { receipt: string }>> = {}): DrainSettings<SaleRow, { receipt: string }> => ({
    outbox: sales,
    deliver,
    sentRef: (result) => result.receipt,
    inFlight: 4,
    orderKey: (row) => row.member,
    waveSize: 50,
    logger: pino({ level: 'silent' }),
    now: () => at,
    ...options,
  });

  it('delivers each row once under its own key, up to the in-flight bound, one member’s rows one after another in order', async () => {
    addSales(10, 3);
    const { seen, deliver } = server();
    expect(await drainOutbox(settings(deliver))).toBe(true);
    expect(seen.maxInFlight).toBe(4);
    expect(seen.maxPerMember).toBe(1);
    expect(new Set(seen.keys).size).toBe(30);
    for (let m = 0; m < 10; m++) expect(seen.keys.filter((key) => key.startsWith(`sale-${m}-`))).toEqual([0, 1, 2].map((round) => `sale-${m}-${round}`));
    expect(sales.depth()).toMatchObject({ pending: 0, sent: 30, rejected: 0 });
    expect(sales.list('sent')[0]).toMatchObject({ receipt_id: 'receipt-sale-0-0', attempts: 1, last_error: null });
  });

  it('with one in flight and no order key, delivers strictly in the order the rows were added', async () => {
    addSales(3, 2);
    const { seen, deliver } = server();
    await drainOutbox(settings(deliver, { inFlight: 1, orderKey: undefined, waveSize: 1 }));
    expect(seen.maxInFlight).toBe(1);
    expect(seen.keys).toEqual(sales.list('sent').map((row) => row.idempotency_key));
    expect(seen.keys).toEqual(['sale-0-0', 'sale-1-0', 'sale-2-0', 'sale-0-1', 'sale-1-1', 'sale-2-1']);
  });

  it('keeps a refusal as rejected with its reason and delivers the rows behind it', async () => {
    addSales(3, 1);
    const outcomes: string[] = [];
    const deliver = async (row: SaleRow) => {
      if (row.member === 'm1') throw refusal(409, 'sale_closed');
      return { receipt: `r-${row.id}` };
    };
    expect(await drainOutbox(settings(deliver, { refusalReason: (error) => `refused:${error.code}`, onOutcome: (o) => outcomes.push(`${o.row.member}:${o.kind}`) }))).toBe(true);
    expect(sales.depth()).toMatchObject({ pending: 0, sent: 2, rejected: 1 });
    expect(sales.list('rejected')).toEqual([expect.objectContaining({ member: 'm1', last_error: 'refused:sale_closed', attempts: 1 })]);
    expect(outcomes.sort()).toEqual(['m0:sent', 'm1:rejected', 'm2:sent']);
  });

  it('stops starting deliveries when the server does not answer, keeps what was sent, and later sends the rest once, in order', async () => {
    addSales(8, 2);
    const { seen, deliver } = server();
    let failures = 1;
    const flaky = async (row: SaleRow) => {
      if (row.member === 'm5' && failures-- > 0) throw refusal(503, 'unavailable');
      return deliver(row);
    };
    expect(await drainOutbox(settings(flaky))).toBe(false);
    const afterFailure = sales.depth();
    expect(afterFailure.sent).toBe(seen.keys.length);
    expect(afterFailure.pending).toBeGreaterThanOrEqual(2);
    expect(sales.byKey('sale-5-0')).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('unavailable') });

    expect(await drainOutbox(settings(flaky))).toBe(true);
    expect(sales.depth()).toMatchObject({ pending: 0, sent: 16, rejected: 0 });
    expect(new Set(seen.keys).size).toBe(16);
    expect(seen.keys.filter((key) => key.startsWith('sale-5-'))).toEqual(['sale-5-0', 'sale-5-1']);
  });

  it('treats no answer, 5xx, 429 and a refused box key as retries, never as refusals', async () => {
    for (const [i, error] of [unreachable(), refusal(500, 'internal_error'), refusal(429, 'rate_limited'), refusal(401, 'invalid_api_key')].entries()) {
      sales.add({ idempotency_key: `sale-${i}`, member: 'm0', amount: 100 }, at);
      const [row] = sales.pending();
      expect(await drainOutbox(settings(() => Promise.reject(error)))).toBe(false);
      expect(sales.byKey(row!.idempotency_key)).toMatchObject({ status: 'pending', last_error: expect.stringContaining(error.code) });
      await drainOutbox(settings(async () => ({ receipt: 'ok' })));
    }
    expect(sales.depth()).toMatchObject({ pending: 0, sent: 4, rejected: 0 });
  });

  it('a wave whose outcomes were never written (a crash) is delivered again under the same keys', async () => {
    addSales(3, 1);
    const keys: string[] = [];
    const deliver = async (row: SaleRow) => {
      keys.push(row.idempotency_key);
      return { receipt: row.idempotency_key };
    };
    const crashing = Object.create(sales) as typeof sales;
    crashing.record = () => {
      throw new Error('SIGKILL');
    };
    await expect(drainOutbox(settings(deliver, { outbox: crashing }))).rejects.toThrow('SIGKILL');
    expect(sales.depth()).toMatchObject({ pending: 3, sent: 0 });
    expect(sales.pending().some((row) => sales.delivering(row.id))).toBe(false);
    await drainOutbox(settings(deliver));
    expect(keys).toEqual(['sale-0-0', 'sale-1-0', 'sale-2-0', 'sale-0-0', 'sale-1-0', 'sale-2-0']);
    expect(sales.depth()).toMatchObject({ pending: 0, sent: 3 });
  });

  it('marks the rows of a wave as being delivered until their outcomes are written', async () => {
    addSales(2, 1);
    const during: boolean[] = [];
    await drainOutbox(
      settings(async (row) => {
        during.push(sales.delivering(row.id));
        return { receipt: 'r' };
      }),
    );
    expect(during).toEqual([true, true]);
    expect(sales.list('sent').map((row) => sales.delivering(row.id))).toEqual([false, false]);
  });
});
