import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '@studio/shared';
import type { AgentEvents, EventBus } from '../runtime/events.js';
import type { RouteHandler } from './router.js';

/** Comment lines keep idle proxies and the kiosk's EventSource from timing the stream out. */
const heartbeatMs = 15_000;
/** Seconds a refused stream is told to wait before it tries again. */
const retryAfterS = 5;

/** Which bus events a stream carries, each under its Server-Sent Events name. */
export type StreamedEvents = Partial<Record<keyof AgentEvents, string>>;

/** How many event streams the agent holds open at once. */
export interface StreamLimits {
  /** Over every event route: each open stream holds a socket, a bus listener and a heartbeat timer (5,000 of them took 80 MB). */
  total: number;
  /** Of `total`, kept for the reserved routes (the kiosk's `/kiosk/api/events`): no other route takes them. */
  reserved: number;
  /** What one client, a remote address, may hold of the rest. */
  perClient: number;
}

/** A kiosk and an operator's tab or two need a handful; a process holding more starves no one. */
export const defaultStreamLimits: StreamLimits = { total: 16, reserved: 4, perClient: 8 };

const refused = (message: string) => new ApiError('unavailable', `${message}; retry in ${retryAfterS} s.`, { retryAfter: retryAfterS });

/**
 * The slots of one local API's event streams. One cap shared by every client let a process holding
 * 16 `/events` streams answer the kiosk's stream 503 (issue 30, N20); so the kiosk's route has a
 * reserve of its own, and each client (remote address) takes at most `perClient` of the others.
 * Every local process is one client (127.0.0.1) to this count, so the reserve is what keeps the
 * kiosk served; the per-client share keeps one LAN machine from taking all when the API faces the
 * network.
 */
export class StreamSlots {
  private readonly byClient = new Map<string, number>();
  private shared = 0;
  private reservedOpen = 0;

  constructor(readonly limits: StreamLimits) {}

  /** A slot for a stream of `client` on a reserved route or another; its release, to call once when the stream ends. */
  take(client: string, reserved: boolean): () => void {
    if (reserved) {
      if (this.reservedOpen >= this.limits.reserved) throw refused(`${this.limits.reserved} kiosk event streams are open already, the most this agent serves`);
      this.reservedOpen += 1;
      return once(() => (this.reservedOpen -= 1));
    }
    const held = this.byClient.get(client) ?? 0;
    if (held >= this.limits.perClient) throw refused(`this client holds ${this.limits.perClient} event streams already, the most one client may; close one`);
    const sharedLimit = this.limits.total - this.limits.reserved;
    if (this.shared >= sharedLimit) throw refused(`${sharedLimit} event streams are open already, the most this agent serves besides the kiosk's`);
    this.shared += 1;
    this.byClient.set(client, held + 1);
    return once(() => {
      this.shared -= 1;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    });
  }

  get inUse(): number {
    return this.shared + this.reservedOpen;
  }
}

function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}

/** The client a request comes from: its remote address, an IPv4-mapped IPv6 one as IPv4. */
function clientOf(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * A Server-Sent Events endpoint relaying bus events (`GET /events`: decisions and device health;
 * `GET /kiosk/api/events`, `reserved`: the kiosk's answers and status). A stream past the slots'
 * limits is refused (503 in the API's envelope, with Retry-After) before it opens. `closeAll()`
 * ends every open stream, so the local server can stop.
 */
export function eventStream(bus: EventBus<AgentEvents>, events: StreamedEvents, slots: StreamSlots, reserved = false) {
  const open = new Set<ServerResponse>();

  const handler: RouteHandler = (req, res) => {
    const release = slots.take(clientOf(req), reserved);
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
      release();
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
