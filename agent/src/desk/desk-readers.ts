import type { DeskScanAnswer, DeskScanRequest } from '@studio/shared';
import type { CallOptions } from '@studio/shared/client';
import type { Logger } from 'pino';
import type { CardRead, CardReader } from '../devices/types.js';
import { failureCode, ServerLink } from '../link/server-link.js';
import type { ServerContact } from '../link/server-contact.js';

/** The endpoint a desk reader reports to: `POST /v1/desk-scans`. */
export interface DeskScanServer {
  record(body: DeskScanRequest, options?: CallOptions): Promise<DeskScanAnswer>;
}

/** What became of one read, for tests and diagnostics: never the number. */
export interface DeskReadOutcome {
  readerId: string;
  outcome: 'held' | 'unknown' | 'failed';
  code: string | null;
}

export interface DeskReadersOptions {
  readers: CardReader[];
  server: DeskScanServer;
  contact: ServerContact;
  logger: Logger;
  locationId: string;
  deviceId: string;
  budgetMs: number;
  onOutcome?: (outcome: DeskReadOutcome) => void;
}

/** The id the web app's "Enrol card" listens to: this agent's device id and the reader's. */
export const deskDeviceId = (deviceId: string, readerId: string) => `${deviceId}:${readerId}`.slice(0, 100);

/**
 * Readers at the front desk, configured for enrolment (`desk.readers`): each read goes to the
 * server as a desk scan, never to the gate. Nothing opens and nothing is checked in; a read while
 * the server is unreachable is dropped (a desk scan is only worth something while staff wait for
 * it). Logs carry the reader and the outcome, never the number read.
 */
export class DeskReaders {
  private readonly link: ServerLink<DeskScanServer>;
  private unsubscribe: (() => void)[] = [];

  constructor(private readonly options: DeskReadersOptions) {
    this.link = new ServerLink(options.server, options.contact);
  }

  start(): void {
    this.unsubscribe = this.options.readers.map((reader) => reader.onRead((read) => void this.report(read)));
  }

  stop(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
  }

  private async report(read: CardRead): Promise<void> {
    const { logger, locationId, deviceId, budgetMs, onOutcome } = this.options;
    let outcome: DeskReadOutcome;
    try {
      const call = this.link.within(budgetMs);
      const answer = await call((options) => this.link.server.record({ location_id: locationId, device_id: deskDeviceId(deviceId, read.readerId), identifier: read.identifier }, options));
      outcome = { readerId: read.readerId, outcome: 'scan' in answer ? 'unknown' : 'held', code: null };
      logger.info({ event: 'desk.scan', reader: read.readerId, outcome: outcome.outcome }, 'desk reader read a card');
    } catch (error) {
      outcome = { readerId: read.readerId, outcome: 'failed', code: failureCode(error) };
      logger.warn({ event: 'desk.scan', reader: read.readerId, outcome: 'failed', code: outcome.code }, 'desk read not delivered: tap the card again');
    }
    onOutcome?.(outcome);
  }
}
