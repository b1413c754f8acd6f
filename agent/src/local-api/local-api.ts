import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { AgentEvents, EventBus } from '../runtime/events.js';
import type { AgentMetrics } from '../runtime/metrics.js';
import { defaultStreamLimits, eventStream, StreamSlots, type StreamedEvents, type StreamLimits } from './event-stream.js';
import { networkExposure } from './exposure.js';
import { requireLocalHost } from './host-guard.js';
import { Router } from './router.js';

export interface LocalApiDeps {
  host: string;
  port: number;
  health: () => { status: 'ok' | 'degraded' | 'failing' };
  metrics: AgentMetrics;
  bus: EventBus<AgentEvents>;
  logger: Logger;
  /** Event streams open at once (event-stream.ts); default `defaultStreamLimits`. Past them, 503 with Retry-After. */
  streams?: StreamLimits;
}

/**
 * The agent's local HTTP API for the kiosk and the operator, bound to loopback by default: it has
 * no authentication, so it must not face the network. Every request must name localhost or an IP
 * address as its Host (host-guard.ts: no DNS rebinding). `router` is public so features add routes.
 */
export class LocalApi {
  readonly router: Router;
  private server: Server | null = null;
  private readonly streams: ReturnType<typeof eventStream>[] = [];
  private readonly slots: StreamSlots;

  constructor(private readonly deps: LocalApiDeps) {
    this.slots = new StreamSlots(deps.streams ?? defaultStreamLimits);
    this.router = new Router(
      (error) => deps.logger.error({ err: error }, 'a local API handler failed'),
      (req) => requireLocalHost(req.headers.host),
    );
    this.router
      .add('GET', '/health', () => {
        const report = deps.health();
        return { status: report.status === 'failing' ? 503 : 200, body: report };
      })
      .add('GET', '/metrics', async () => ({ body: await deps.metrics.text(), contentType: deps.metrics.registry.contentType }));
    this.addEventStream('/events', { decision: 'decision', 'device-health': 'device-health' });
  }

  /**
   * A Server-Sent Events route relaying bus events; ended when the API stops. `guard` may refuse a
   * request (throw) before the stream opens; a `reserved` route (the kiosk's) takes its streams from
   * slots no other route may take.
   */
  addEventStream(path: string, events: StreamedEvents, options: { guard?: (host: string | undefined) => void; reserved?: boolean } = {}): void {
    const { guard = () => {}, reserved = false } = options;
    const stream = eventStream(this.deps.bus, events, this.slots, reserved);
    this.streams.push(stream);
    this.router.add('GET', path, (req, res) => {
      guard(req.headers.host);
      return stream.handler(req, res);
    });
  }

  async start(): Promise<AddressInfo> {
    const server = createServer((req, res) => void this.router.handle(req, res));
    server.on('clientError', (_error, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.deps.port, this.deps.host, () => resolve());
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    this.deps.logger.info({ host: address.address, port: address.port }, 'local API listening');
    for (const warning of this.warnings()) this.deps.logger.warn({ event: 'local_api.exposed', host: this.deps.host, port: address.port }, warning);
    return address;
  }

  /** What an operator should fix about how it listens (`networkExposure`); none while stopped or on loopback. */
  warnings(): string[] {
    const address = this.address();
    const exposure = address && networkExposure(this.deps.host, address.port);
    return exposure ? [exposure] : [];
  }

  /** Where it listens (the real port when configured with 0); null when stopped. */
  address(): AddressInfo | null {
    return (this.server?.address() as AddressInfo | null | undefined) ?? null;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    for (const stream of this.streams) stream.closeAll();
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }
}
