import type { ServerResponse } from 'node:http';
import { ApiError } from '@studio/shared';
import type { AgentEvents, EventBus } from '../runtime/events.js';
import type { RouteHandler } from './router.js';

/** Comment lines keep idle proxies and the kiosk's EventSource from timing the stream out. */
const heartbeatMs = 15_000;
/** Seconds a refused stream is told to wait before it tries again. */
const retryAfterS = 5;

/** Which bus events a stream carries, each under its Server-Sent Events name. */
export type StreamedEvents = Partial<Record<keyof AgentEvents, string>>;

/**
 * How many streams may be open at once, over every event route of one local API: each open stream
 * holds a socket, a bus listener and a heartbeat timer (5,000 of them took 80 MB). A kiosk and an
 * operator's tab or two need a handful.
 */
export class StreamSlots {
  private open = 0;

  constructor(readonly limit: number) {}

  take(): void {
    if (this.open >= this.limit) {
      throw new ApiError('unavailable', `${this.limit} event streams are open already, the most this agent serves; retry in ${retryAfterS} s.`, { retryAfter: retryAfterS });
    }
    this.open += 1;
  }

  release(): void {
    this.open = Math.max(0, this.open - 1);
  }

  get inUse(): number {
    return this.open;
  }
}

/**
 * A Server-Sent Events endpoint relaying bus events (`GET /events`: decisions and device health;
 * `GET /kiosk/api/events`: the kiosk's answers and status). A stream past the slots' limit is
 * refused (503 in the API's envelope, with Retry-After) before it opens. `closeAll()` ends every
 * open stream, so the local server can stop.
 */
export function eventStream(bus: EventBus<AgentEvents>, events: StreamedEvents, slots: StreamSlots) {
  const open = new Set<ServerResponse>();

  const handler: RouteHandler = (req, res) => {
    slots.take();
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 3000\n\n');
    const unsubscribe = Object.entries(events).map(([busEvent, name]) =>
      bus.on(busEvent as keyof AgentEvents, (payload: unknown) => res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`)),
    );
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
    open.add(res);
    req.once('close', () => {
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
      open.delete(res);
      slots.release();
    });
    return undefined;
  };

  return {
    handler,
    closeAll(): void {
      for (const res of open) res.end();
    },
  };
}
