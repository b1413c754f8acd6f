import type { Logger } from 'pino';
import { parseServerSentEvents, type ServerSentEvent } from './sse.js';

export interface AgentEventsOptions {
  url: URL;
  onEvent(event: ServerSentEvent): void;
  logger: Logger;
  /** Wait before reconnecting after the stream ends or fails (the agent restarting, say). */
  retryMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * The agent's event stream (`/kiosk/api/events`) read in the main process, which has no
 * EventSource: one fetch kept open, reconnected after any end or failure until stop().
 */
export class AgentEvents {
  private controller: AbortController | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(private readonly options: AgentEventsOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.controller?.abort();
    this.controller = null;
  }

  private async connect(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    const fetchImpl = this.options.fetchImpl ?? fetch;
    try {
      const response = await fetchImpl(this.options.url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
      if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
      this.options.logger.info('agent event stream open');
      const decoder = new TextDecoder();
      let pending = '';
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        const { events, rest } = parseServerSentEvents(pending + decoder.decode(chunk, { stream: true }));
        pending = rest;
        for (const event of events) this.deliver(event);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      this.options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'agent event stream failed');
    }
    if (!this.running || controller.signal.aborted) return;
    this.retry = setTimeout(() => void this.connect(), this.options.retryMs ?? 3_000);
  }

  /** One bad listener must not end the stream. */
  private deliver(event: ServerSentEvent): void {
    try {
      this.options.onEvent(event);
    } catch (error) {
      this.options.logger.error({ err: error instanceof Error ? error.message : String(error), event: event.event }, 'agent event listener failed');
    }
  }
}
