import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An HTTP proxy in front of the real server, so a test can take "the server" away and bring it back
 * on the same address without restarting it, and can hold check-in answers to freeze a drain at a
 * chosen point:
 * - `down()`: the port is closed (ECONNREFUSED), as with the server process stopped;
 * - `hang()`: connections are accepted and requests never answered, as with a server stuck or a
 *   cable cut mid-way (`up()` answers again);
 * - `holdCheckInsAfter(n)`: the first n check-ins (facility or class) pass; later ones reach the
 *   server (which records them) but their answers are held back, as with a crash between "sent"
 *   and "marked sent".
 */
export class SwitchableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private passCheckIns = Infinity;
  private hanging = false;
  checkInsSeen = 0;
  held = 0;
  /** 5xx answers the server gave through the proxy. */
  serverErrors = 0;
  port = 0;

  constructor(private readonly upstream: URL) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async up(): Promise<void> {
    this.hanging = false;
    if (this.server) return;
    const server = createServer((req, res) => this.forward(req, res));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Listening, never answering; `up()` or `down()` ends it (down() also drops the held requests). */
  async hang(): Promise<void> {
    await this.up();
    this.hanging = true;
  }

  holdCheckInsAfter(n: number): void {
    this.checkInsSeen = 0;
    this.held = 0;
    this.passCheckIns = n;
  }

  passAll(): void {
    this.passCheckIns = Infinity;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    if (this.hanging) return;
    const isCheckIn = req.method === 'POST' && (req.url?.startsWith('/v1/members/check-in') || /^\/v1\/classes\/[^/]+\/check-in/.test(req.url ?? ''));
    const hold = isCheckIn && ++this.checkInsSeen > this.passCheckIns;
    const upstream = request({ host: this.upstream.hostname, port: this.upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (hold) {
        // Let the server finish (its visit is committed once it answered), then never reply.
        answer.resume();
        answer.once('end', () => this.held++);
        return;
      }
      if ((answer.statusCode ?? 502) >= 500) this.serverErrors++;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  async close(): Promise<void> {
    await this.down();
  }
}
