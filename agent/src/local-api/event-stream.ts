import type { ServerResponse } from 'node:http';
import type { AgentEvents, EventBus } from '../events.js';
import type { RouteHandler } from './router.js';

/** Comment lines keep idle proxies and the kiosk's EventSource from timing the stream out. */
const heartbeatMs = 15_000;

/**
 * `GET /events`: Server-Sent Events of decisions and device health changes, for the kiosk.
 * `closeAll()` ends every open stream, so the local server can stop.
 */
export function eventStream(bus: EventBus<AgentEvents>) {
  const open = new Set<ServerResponse>();

  const handler: RouteHandler = (req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 3000\n\n');
    const send = (event: keyof AgentEvents) => (payload: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    const unsubscribe = [bus.on('decision', send('decision')), bus.on('device-health', send('device-health'))];
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
