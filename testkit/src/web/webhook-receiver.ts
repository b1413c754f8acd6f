import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  /** The `webhook-id`: the event's id, the same on every retry. */
  id: string;
  /** The body as parsed by `Webhook.verify`, so only a delivery whose signature held is recorded. */
  event: { id: string; type: string; environment: string; data: Record<string, unknown> };
}

/**
 * An integrator's webhook receiver on loopback: each path is one endpoint, checked with the
 * secret the web app showed for it, by the `standardwebhooks` package as any integrator would.
 * A verified delivery is answered 204 and recorded; a bad or missing signature 401 (so the
 * server's log never says "delivered" for it), and a path without a secret yet 503 (retried).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Deliveries refused for their signature, by path: a clean run leaves it empty. */
  readonly refused: string[] = [];
  readonly #secrets = new Map<string, Webhook>();
  readonly #server: Server;
  #waiters: (() => void)[] = [];

  private constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const status = this.#accept(path, Buffer.concat(chunks).toString('utf8'), request.headers);
        response.writeHead(status).end();
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** `http://127.0.0.1:PORT/<path>`. */
  url(path: string): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/${path}`;
  }

  /** The `whsec_` secret deliveries to `path` must be signed with (as shown once, or after a rotation). */
  trust(path: string, secret: string): void {
    this.#secrets.set(`/${path}`, new Webhook(secret));
  }

  /** Verified deliveries to `path`, in arrival order. */
  at(path: string): ReceivedWebhook[] {
    return this.received.filter((delivery) => delivery.path === `/${path}`);
  }

  /** Resolves once a verified delivery to `path` matches, or rejects after `timeoutMs`. */
  async waitFor(path: string, match: (delivery: ReceivedWebhook) => boolean, timeoutMs = 30_000): Promise<ReceivedWebhook> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.at(path).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching webhook at /${path} within ${timeoutMs} ms; received: ${this.received.map((d) => `${d.path} ${d.event.type}`).join(', ') || 'none'}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(path: string, body: string, headers: IncomingHttpHeaders): number {
    const webhook = this.#secrets.get(path);
    if (!webhook) return 503;
    let event: ReceivedWebhook['event'];
    try {
      event = webhook.verify(body, headers as Record<string, string>) as ReceivedWebhook['event'];
    } catch {
      this.refused.push(path);
      return 401;
    }
    this.received.push({ path, id: String(headers['webhook-id']), event });
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
    return 204;
  }
}
