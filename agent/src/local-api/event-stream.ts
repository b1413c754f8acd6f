import type { ServerResponse } from 'node:http';
import type { AgentEvents, EventBus } from '../events.js';
import type { RouteHandler } from './router.js';

/** Comment lines keep idle proxies and the kiosk's EventSource from timing the stream out. */
const heartbeatMs = 15_000;

/** Which bus events a stream carries, each under its Server-Sent Events name. */
export type StreamedEvents = Partial<Record<keyof AgentEvents, string>>;

/**
 * A Server-Sent Events endpoint relaying bus events (`GET /events`: decisions and device health;
 * `GET /kiosk/api/events`: the kiosk's answers and status). `closeAll()` ends every open stream,
 * so the local server can stop.
 */
export function eventStream(bus: EventBus<AgentEvents>, events: StreamedEvents) {
  const open = new Set<ServerResponse>();

  const handler: RouteHandler = (req, res) => {
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
