import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtRendererDir, rendererBuildCommand } from '@studio/kiosk-ui/renderer-location';
import { KioskAnswer, KioskCheckIn, KioskClassDetail, KioskScanTarget, KioskStatus, KioskTimetable, type KioskAttendee, type KioskClass } from '@studio/shared/kiosk';
import { contentSecurityPolicy, readRendererDir, type RendererFile } from '@studio/shared/kiosk-renderer';

export interface FakeKioskData {
  status: KioskStatus;
  classes: KioskClass[];
  rosters: Map<string, KioskAttendee[]>;
  /** First names by contact id, for answers. */
  firstNames: Map<string, string>;
}

/**
 * A stand-in for the agent's local API, for browser tests of the renderer: the built renderer at
 * `/kiosk/` with the CSP header, and the routes of the kiosk contract over scripted data. Every
 * answer is parsed with the contract's schema before it is sent, so the fake cannot drift off it.
 */
export class FakeLocalApi {
  readonly checkIns: KioskCheckIn[] = [];
  readonly scanTargets: (string | null)[] = [];
  /** Replace to script the decision of a tap; the default checks a reserved attendee in. */
  decide: (request: KioskCheckIn) => KioskAnswer = (request) => this.checkInAttendee(request);
  /** Bodies sent as they are for a route (`GET /kiosk/api/classes`), to play a faulty agent. */
  readonly rawReplies = new Map<string, unknown>();
  private server: Server | null = null;
  private files: Map<string, RendererFile> | null = null;
  private readonly streams = new Set<ServerResponse>();

  constructor(readonly data: FakeKioskData) {}

  /** Returns the renderer's URL, e.g. `http://127.0.0.1:40123/kiosk/`. */
  async start(): Promise<string> {
    this.files = await readRendererDir(builtRendererDir).catch(() => null);
    if (!this.files?.has('index.html')) throw new Error(`the kiosk renderer is not built in ${builtRendererDir}: run \`${rendererBuildCommand}\` (a vitest run builds it in its globalSetup)`);
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/kiosk/`;
  }

  async stop(): Promise<void> {
    for (const stream of this.streams) stream.end();
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  /** Event streams open now (a browser page or the Electron main process). */
  get openStreams(): number {
    return this.streams.size;
  }

  /** As the agent does after a scan at the kiosk's reader. */
  emitAnswer(answer: KioskAnswer): void {
    this.emit('answer', KioskAnswer.parse(answer));
  }

  setStatus(patch: Partial<KioskStatus>): void {
    this.data.status = KioskStatus.parse({ ...this.data.status, ...patch });
    this.emit('status', this.data.status);
  }

  /** Sends a payload that is off the contract, as a faulty agent might. */
  emitRaw(event: string, data: string): void {
    for (const stream of this.streams) stream.write(`event: ${event}\ndata: ${data}\n\n`);
  }

  private emit(event: string, payload: unknown): void {
    this.emitRaw(event, JSON.stringify(payload));
  }

  private checkInAttendee(request: KioskCheckIn): KioskAnswer {
    const attendee = this.data.rosters.get(request.class_id)?.find((entry) => entry.contact_id === request.contact_id);
    const item = this.data.classes.find((entry) => entry.id === request.class_id) ?? null;
    const already = attendee?.status === 'checked_in';
    if (attendee) attendee.status = 'checked_in';
    return {
      outcome: !attendee ? 'refused' : already ? 'already_checked_in' : 'checked_in',
      reason: attendee ? null : 'not_booked',
      first_name: this.data.firstNames.get(request.contact_id) ?? null,
      class_id: request.class_id,
      class_name: item?.name ?? null,
      walk_in: false,
      offline: this.data.status.offline,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    const freshness = { offline: this.data.status.offline, as_of: new Date().toISOString() };
    if (this.rawReplies.has(route)) return json(res, this.rawReplies.get(route));
    switch (route) {
      case 'GET /kiosk/api/status':
        return json(res, KioskStatus.parse(this.data.status));
      case 'GET /kiosk/api/classes':
        return json(res, KioskTimetable.parse({ data: this.data.classes, ...freshness }));
      case 'GET /kiosk/api/class': {
        const item = this.data.classes.find((entry) => entry.id === url.searchParams.get('id'));
        if (!item) return json(res, { error: { code: 'resource_missing', message: 'No such class.' } }, 404);
        return json(res, KioskClassDetail.parse({ class: item, roster: this.data.rosters.get(item.id) ?? [], ...freshness }));
      }
      case 'POST /kiosk/api/check-in': {
        const request = KioskCheckIn.safeParse(await readJson(req));
        if (!request.success) return json(res, { error: { code: 'invalid_param', message: 'Bad check-in.' } }, 400);
        this.checkIns.push(request.data);
        return json(res, KioskAnswer.parse(this.decide(request.data)));
      }
      case 'POST /kiosk/api/scan-target': {
        const request = KioskScanTarget.safeParse(await readJson(req));
        if (!request.success) return json(res, { error: { code: 'invalid_param', message: 'Bad scan target.' } }, 400);
        this.scanTargets.push(request.data.class_id);
        return json(res, request.data);
      }
      case 'GET /kiosk/api/events':
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        res.write('retry: 500\n\n');
        this.streams.add(res);
        req.once('close', () => this.streams.delete(res));
        return;
    }
    const file = req.method === 'GET' ? this.files?.get(url.pathname === '/kiosk/' ? 'index.html' : url.pathname.replace(/^\/kiosk\//, '')) : undefined;
    if (!file) return json(res, { error: { code: 'route_not_found', message: `No route ${route}.` } }, 404);
    res.writeHead(200, { 'content-type': file.contentType, 'content-security-policy': contentSecurityPolicy, 'cache-control': 'no-store' });
    res.end(file.body);
  }
}

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
