import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';

/** How the receiver answers one delivery attempt: a status after a delay. */
export interface Answer {
  status: number;
  delayMs: number;
}

/** Chooses the answer to the `attempt`-th delivery (1-based) of an event seen by this receiver. */
export type AnswerPolicy = (eventId: string, attempt: number) => Answer;

/**
 * What an integrator's flaky receiver does: a first attempt is answered 500 one time in five and
 * slowly (up to 1.5 s) one time in three, so that at any instant some deliveries are in flight and
 * some are waiting for a retry when a `serve` process is killed; later attempts mostly succeed,
 * so the run drains in seconds once the faults stop.
 */
export const flakyPolicy: AnswerPolicy = (_eventId, attempt) => {
  const roll = Math.random();
  const [failShare, slowShare] = attempt === 1 ? [0.2, 0.33] : [0.1, 0.2];
  if (roll < failShare) return { status: 500, delayMs: 0 };
  if (roll < failShare + slowShare) return { status: 204, delayMs: 200 + Math.random() * 1300 };
  return { status: 204, delayMs: 0 };
};

export interface ReceivedEvent {
  type: string;
  /** 2xx answers the receiver gave for this event: more than one is a duplicate (allowed: at least once). */
  accepted: number;
  /** Wall-clock ms, to compare with the event's `created_at`. */
  firstAcceptedAt: number;
}

/**
 * A webhook receiver on 127.0.0.1, as an integrator would write it: it verifies every request with
 * the `standardwebhooks` package against the endpoint's secret and keeps a ledger of the event ids
 * it accepted (answered 2xx). A request whose signature fails is answered 400 and counted; one
 * whose connection the sender drops before the answer (a killed process) is counted as cut.
 */
export class WebhookReceiver {
  readonly received = new Map<string, ReceivedEvent>();
  /** Requests refused: a bad signature, a timestamp out of tolerance, a body that is not the event the headers name. */
  readonly rejected: string[] = [];
  /** Requests whose sender went away before the answer. */
  cut = 0;
  /** Requests answered 5xx on purpose. */
  failed = 0;
  requests = 0;
  /** The remote ports of the requests being answered right now: deliveries in flight, by the sender's socket. */
  private readonly open = new Set<number>();
  private readonly attempts = new Map<string, number>();
  private verifier: Webhook | null = null;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly policy: AnswerPolicy,
  ) {}

  static async start(policy: AnswerPolicy = flakyPolicy): Promise<WebhookReceiver> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}/webhooks`, policy);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void receiver.handle(req, res));
    return receiver;
  }

  /** The endpoint's `whsec_` secret, known once the endpoint is created (its only showing). */
  trust(secret: string): void {
    this.verifier = new Webhook(secret);
  }

  /** Requests being answered right now: deliveries in flight. */
  get inFlight(): number {
    return this.open.size;
  }

  /** The senders' ports of the deliveries in flight (socket-owner.ts names their processes). */
  inFlightPorts(): number[] {
    return [...this.open];
  }

  get duplicates(): number {
    let extra = 0;
    for (const event of this.received.values()) extra += event.accepted - 1;
    return extra;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests++;
    const port = req.socket.remotePort ?? 0;
    this.open.add(port);
    let gone = false;
    res.once('close', () => {
      if (!res.writableFinished) gone = true;
    });
    try {
      const body = await readBody(req);
      const event = this.verify(req, body);
      if (!event) {
        res.writeHead(400).end();
        return;
      }
      const attempt = (this.attempts.get(event.id) ?? 0) + 1;
      this.attempts.set(event.id, attempt);
      const answer = this.policy(event.id, attempt);
      if (answer.delayMs > 0) await sleep(answer.delayMs);
      if (gone || res.destroyed) {
        this.cut++;
        return;
      }
      if (answer.status >= 200 && answer.status < 300) this.accept(event);
      else this.failed++;
      res.writeHead(answer.status).end();
    } catch {
      // The sender dropped the connection while the body was coming in.
      this.cut++;
      res.destroy();
    } finally {
      this.open.delete(port);
    }
  }

  private verify(req: IncomingMessage, body: string): { id: string; type: string } | null {
    const header = (name: string) => String(req.headers[name] ?? '');
    const headers = { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') };
    try {
      if (!this.verifier) throw new Error('no secret trusted yet');
      const event = this.verifier.verify(body, headers) as { id?: unknown; type?: unknown };
      if (event.id !== headers['webhook-id'] || typeof event.type !== 'string') throw new Error(`body names event ${String(event.id)}, webhook-id ${headers['webhook-id']}`);
      return { id: headers['webhook-id'], type: event.type };
    } catch (error) {
      this.rejected.push(`${headers['webhook-id'] || '(no webhook-id)'}: ${(error as Error).message}`);
      return null;
    }
  }

  private accept(event: { id: string; type: string }): void {
    const seen = this.received.get(event.id);
    if (seen) seen.accepted++;
    else this.received.set(event.id, { type: event.type, accepted: 1, firstAcceptedAt: Date.now() });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
    req.once('aborted', () => reject(new Error('aborted')));
  });
}
