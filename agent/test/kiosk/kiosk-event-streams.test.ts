import { request, type IncomingMessage } from 'node:http';
import { startKioskStack, type KioskStack } from '@studio/testkit/kiosk/kiosk-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStreamLimits } from '../../src/local-api/event-stream.js';
import { readEvents } from '../helpers/sse.js';

interface OpenedStream {
  status: number;
  /** The refusal's JSON, for a stream that did not open. */
  error?: { code: string; message: string };
  retryAfter?: string | undefined;
  close(): void;
}

/** A real stream: a GET held open, from `localAddress` (another client on this machine: 127.0.0.2). */
function openStream(url: string, localAddress = '127.0.0.1'): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, agent: false }, (res: IncomingMessage) => {
      if (res.statusCode === 200) return resolve({ status: 200, close: () => req.destroy() });
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, error: (JSON.parse(body) as { error: OpenedStream['error'] }).error, retryAfter: res.headers['retry-after'], close: () => {} }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * One local process holding every `/events` stream it could made the kiosk's own stream answer 503
 * (issue 30, N20). The streams are counted per client, and the kiosk's route has slots no other
 * route takes: real streams, on the agent a kiosk runs on.
 */
describe("the local API's event streams, per client and with the kiosk's reserve", () => {
  let stack: KioskStack;
  const held: OpenedStream[] = [];
  beforeAll(async () => {
    stack = await startKioskStack({ jobs: 'manual' });
  });
  afterAll(async () => {
    for (const stream of held) stream.close();
    await stack.close();
  });

  const { total, reserved, perClient } = defaultStreamLimits;

  it('gives the kiosk its stream while one client holds every /events stream it may, refused past its share with 503 naming the rule', async () => {
    // One local process takes every /events stream it is given.
    const hog: OpenedStream[] = [];
    let refusal: OpenedStream | null = null;
    while (refusal === null && hog.length <= total) {
      const stream = await openStream(`${stack.localApiUrl}/events`);
      if (stream.status === 200) hog.push(stream);
      else refusal = stream;
    }
    held.push(...hog);

    // The kiosk's stream still opens, and carries the answer to a scan.
    const kiosk = await fetch(`${stack.localApiUrl}/kiosk/api/events`);
    expect(kiosk.status).toBe(200);
    const answers = readEvents(kiosk.body!, 'answer', 1);
    const answer = await stack.scan(stack.seed.members.paul.card);
    expect(answer).toMatchObject({ outcome: 'refused', reason: 'past_due', first_name: 'Paul' });
    expect(await answers).toEqual([answer]);

    expect(hog).toHaveLength(perClient);
    expect(refusal).toMatchObject({ status: 503, retryAfter: '5', error: { code: 'unavailable' } });
    expect(refusal!.error!.message).toBe(`this client holds ${perClient} event streams already, the most one client may; close one; retry in 5 s.`);
  });

  it('serves another client the rest of the shared slots, never the reserve, and frees a slot when a stream closes', async () => {
    const other: OpenedStream[] = [];
    for (let i = 0; i < total; i += 1) {
      const stream = await openStream(`${stack.localApiUrl}/events`, '127.0.0.2');
      if (stream.status !== 200) {
        expect(stream.error!.message).toBe(`${total - reserved} event streams are open already, the most this agent serves besides the kiosk's; retry in 5 s.`);
        break;
      }
      other.push(stream);
    }
    held.push(...other);
    expect(other).toHaveLength(total - reserved - perClient);

    // Every shared slot is taken: the kiosk's reserve is whole.
    // (The first test's kiosk stream gives its slot back as its connection closes.)
    for (let i = 0; i < reserved; i += 1) {
      await expect
        .poll(async () => {
          const stream = await openStream(`${stack.localApiUrl}/kiosk/api/events`);
          if (stream.status === 200) held.push(stream);
          return stream.status;
        })
        .toBe(200);
    }
    const beyond = await openStream(`${stack.localApiUrl}/kiosk/api/events`);
    expect(beyond).toMatchObject({ status: 503, error: { code: 'unavailable', message: `${reserved} kiosk event streams are open already, the most this agent serves; retry in 5 s.` } });

    // A stream that ends gives its slot back to its client.
    other[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(`${stack.localApiUrl}/events`, '127.0.0.2');
        if (again.status === 200) held.push(again);
        return again.status;
      })
      .toBe(200);
  });
});
