import type { Logger } from 'pino';

/**
 * Subscribers of one device event. Each call is wrapped: a listener that throws (or rejects) is
 * logged and the others still run (docs/architecture.md §2.7); a device event never crashes the agent.
 */
export class ListenerSet<T> {
  private readonly listeners = new Set<(value: T) => unknown>();

  constructor(
    private readonly logger: Logger,
    private readonly event: string,
  ) {}

  add(listener: (value: T) => unknown): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        const result = listener(value);
        if (result instanceof Promise) result.catch((error: unknown) => this.logFailure(error));
      } catch (error) {
        this.logFailure(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }

  // Only the error's name and message: a listener's error must not drag the event (a card) into the log.
  private logFailure(error: unknown): void {
    const err = error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
    this.logger.error({ event: this.event, err }, 'device listener failed');
  }
}
