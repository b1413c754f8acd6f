import { z } from 'zod';
import { KioskAnswer, KioskClassDetail, KioskScanTarget, KioskStatus, KioskTimetable, type KioskCheckIn } from '@studio/shared/kiosk';
import { KioskApiError } from './errors.js';
import { parsePayload } from './parse.js';

const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * The agent's kiosk API (`/kiosk/api/`), for the renderer in a browser (same origin) and for the
 * Electron main process (loopback): one client, every answer parsed with the contract's schema.
 */
export class LocalApiClient {
  /** The `/kiosk/api/` base, e.g. `http://127.0.0.1:8787/kiosk/api/`. */
  readonly base: URL;

  constructor(
    base: string | URL,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.base = new URL(base);
  }

  status() {
    return this.request(KioskStatus, 'status');
  }

  classes() {
    return this.request(KioskTimetable, 'classes');
  }

  classDetail(classId: string) {
    return this.request(KioskClassDetail, `class?id=${encodeURIComponent(classId)}`);
  }

  checkIn(request: KioskCheckIn) {
    return this.request(KioskAnswer, 'check-in', request);
  }

  setScanTarget(classId: string | null) {
    return this.request(KioskScanTarget, 'scan-target', { class_id: classId });
  }

  /** Server-Sent Events: `answer` (KioskAnswer) and `status` (KioskStatus). */
  get eventsUrl(): URL {
    return new URL('events', this.base);
  }

  private async request<T extends z.ZodType>(schema: T, path: string, body?: unknown): Promise<z.infer<T>> {
    const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    let response: Response;
    try {
      response = await this.fetchImpl(new URL(path, this.base), init);
    } catch {
      throw new KioskApiError('unreachable', 'The kiosk service did not answer.');
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const envelope = ErrorBody.safeParse(payload);
      if (envelope.success) throw new KioskApiError(envelope.data.error.code, envelope.data.error.message);
      throw new KioskApiError(response.status >= 500 ? 'unreachable' : 'bad_reply', `The kiosk service answered ${response.status}.`);
    }
    return parsePayload(schema, payload, `The answer of ${path.split('?')[0]}`);
  }
}
