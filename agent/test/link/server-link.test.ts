import { ApiRequestError, NetworkError, type CallOptions } from '@studio/shared/client';
import { describe, expect, it } from 'vitest';
import { ServerContact } from '../../src/link/server-contact.js';
import { isServerAnswer, ServerLink } from '../../src/link/server-link.js';

const refusal = (status: number, code: string) =>
  new ApiRequestError(
    code,
    { status, type: 'invalid_request', code, param: undefined, requestId: undefined, reasons: undefined, retryAfterMs: undefined },
    { method: 'POST', path: '/x', attempts: 1 },
  );
const unreachable = () => new NetworkError('network_error', 'connection refused', { method: 'POST', path: '/x', attempts: 1 });

describe('the server link', () => {
  it('counts a refusal about the request as an answer, and no answer, 5xx, 429, a key in use or a refused box key as none', () => {
    for (const [status, code] of [
      [400, 'invalid_param'],
      [404, 'member_not_found'],
      [409, 'not_booked'],
      [422, 'checkin_blocked'],
    ] as const) {
      expect(isServerAnswer(refusal(status, code)), code).toBe(true);
    }
    for (const [status, code] of [
      [500, 'internal_error'],
      [503, 'unavailable'],
      [429, 'rate_limited'],
      [409, 'idempotency_key_in_use'],
      [401, 'invalid_api_key'],
      [403, 'insufficient_scope'],
    ] as const) {
      expect(isServerAnswer(refusal(status, code)), code).toBe(false);
    }
    expect(isServerAnswer(unreachable())).toBe(false);
    expect(isServerAnswer(new Error('socket hang up'))).toBe(false);
  });

  it('flips offline and back once per change, and notes contact whenever the server said anything (a 503 too)', async () => {
    let clock = new Date('2026-03-02T10:00:00Z');
    const contact = new ServerContact(() => clock);
    const flips: boolean[] = [];
    const link = new ServerLink(null, contact, (offline) => flips.push(offline));
    const call = (outcome: () => Promise<string>) =>
      link
        .within(1000)(outcome)
        .catch(() => 'failed');

    await call(() => Promise.reject(unreachable()));
    await call(() => Promise.reject(unreachable()));
    expect({ offline: link.offline, flips, contact: contact.lastAt() }).toEqual({ offline: true, flips: [true], contact: null });

    clock = new Date('2026-03-02T10:01:00Z');
    await call(() => Promise.reject(refusal(503, 'unavailable')));
    expect({ offline: link.offline, contact: contact.lastAt() }).toEqual({ offline: true, contact: clock });

    clock = new Date('2026-03-02T10:02:00Z');
    await call(() => Promise.reject(refusal(409, 'not_booked')));
    expect({ offline: link.offline, flips, contact: contact.lastAt() }).toEqual({ offline: false, flips: [true, false], contact: clock });

    await call(() => Promise.resolve('ok'));
    expect(flips).toEqual([true, false]);
  });

  it('gives the steps of one budget one signal and what is left of the time, with no retries unless asked', async () => {
    const link = new ServerLink(null, new ServerContact(() => new Date()));
    const seen: CallOptions[] = [];
    const record = async (options: CallOptions) => {
      seen.push(options);
      await new Promise((resolve) => setTimeout(resolve, 30));
    };
    const call = link.within(5000);
    await call(record);
    await call(record);
    await link.within(5000, { retries: 2 })(record);
    expect(seen[0]!.signal).toBe(seen[1]!.signal);
    expect(seen[0]!.timeoutMs).toBeLessThanOrEqual(5000);
    expect(seen[1]!.timeoutMs).toBeLessThan(seen[0]!.timeoutMs!);
    expect(seen.map((o) => o.retries)).toEqual([0, 0, 2]);
    expect(seen[2]!.signal).not.toBe(seen[0]!.signal);
  });

  it('logs the server unreachable once per outage and back once, across links; a 503 or a call this box cancelled is not an outage', async () => {
    const said: string[] = [];
    const log = { info: (fields: { event: string }) => said.push(fields.event), warn: (fields: { event: string }) => said.push(fields.event) };
    const contact = new ServerContact(() => new Date('2026-03-02T10:00:00Z'), log as never);
    const gate = new ServerLink(null, contact);
    const feed = new ServerLink(null, contact);
    const fail = (link: ServerLink, error: Error) =>
      link
        .within(1000)(() => Promise.reject(error))
        .catch(() => undefined);
    const cancelled = new NetworkError('aborted', 'cancelled by the caller', { method: 'GET', path: '/x', attempts: 1 });

    await fail(gate, cancelled);
    await fail(feed, refusal(503, 'unavailable'));
    expect(said).toEqual([]);
    await fail(gate, unreachable());
    await fail(feed, unreachable());
    await fail(gate, new NetworkError('timeout', 'no answer', { method: 'POST', path: '/x', attempts: 1 }));
    expect(said).toEqual(['server.unreachable']);
    await feed.within(1000)(() => Promise.resolve('ok'));
    await gate.within(1000)(() => Promise.resolve('ok'));
    expect(said).toEqual(['server.unreachable', 'server.back']);
  });
});
