import type { z } from 'zod';
import { KioskAnswer, KioskStatus, type KioskCheckIn } from '@studio/shared/kiosk';
import { LocalApiClient } from '../../local-api/client.js';
import { KioskApiError } from '../../local-api/errors.js';
import { parsePayload } from '../../local-api/parse.js';
import type { BackendEvents, KioskBackend } from './backend.js';

/**
 * The agent's local API, same origin as the page (`/kiosk/` serves the renderer, `/kiosk/api/` the
 * data), so the page needs no address and the CSP's `connect-src 'self'` covers it.
 */
export class HttpBackend implements KioskBackend {
  private readonly client: LocalApiClient;

  constructor(pageUrl: string) {
    this.client = new LocalApiClient(new URL('api/', pageUrl));
  }

  status() {
    return this.client.status();
  }

  classes() {
    return this.client.classes();
  }

  classDetail(classId: string) {
    return this.client.classDetail(classId);
  }

  checkIn(request: KioskCheckIn) {
    return this.client.checkIn(request);
  }

  setScanTarget(classId: string | null) {
    return this.client.setScanTarget(classId);
  }

  subscribe(handlers: BackendEvents): () => void {
    // EventSource reconnects by itself (the agent sends `retry:`), so a restarted agent is picked up.
    const source = new EventSource(this.client.eventsUrl);
    const listen = <T extends z.ZodType>(name: string, schema: T, deliver: (value: z.infer<T>) => void) =>
      source.addEventListener(name, (event) => {
        try {
          deliver(parsePayload(schema, JSON.parse((event as MessageEvent<string>).data), `The ${name} event`));
        } catch (error) {
          handlers.invalid(error instanceof KioskApiError ? error : new KioskApiError('bad_reply', `The ${name} event is not JSON`));
        }
      });
    listen('answer', KioskAnswer, handlers.answer);
    listen('status', KioskStatus, handlers.status);
    return () => source.close();
  }
}
