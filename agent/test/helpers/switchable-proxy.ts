import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An HTTP proxy in front of the real server, so a test can take "the server" away and bring it back
 * on the same address without restarting it, and can hold check-in answers to freeze a drain at a
 * chosen point:
 * - `down()`: the port is closed (ECONNREFUSED), as with the server process stopped;
 * - `holdCheckInsAfter(n)`: the first n check-ins pass; later ones reach the server (which records
 *   them) but their answers are held back, as with a crash between "sent" and "marked sent".
 */
export class SwitchableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private passCheckIns = Infinity;
  checkInsSeen = 0;
  held = 0;
  port = 0;

  constructor(private readonly upstream: URL) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async up(): Promise<void> {
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

  holdCheckInsAfter(n: number): void {
    this.checkInsSeen = 0;
    this.held = 0;
    this.passCheckIns = n;
  }

  passAll(): void {
    this.passCheckIns = Infinity;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const isCheckIn = req.method === 'POST' && req.url?.startsWith('/v1/members/check-in');
    const hold = isCheckIn && ++this.checkInsSeen > this.passCheckIns;
    const upstream = request(
      { host: this.upstream.hostname, port: this.upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (hold) {
          // Let the server finish (its visit is committed once it answered), then never reply.
          answer.resume();
          answer.once('end', () => this.held++);
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  async close(): Promise<void> {
    await this.down();
  }
}
