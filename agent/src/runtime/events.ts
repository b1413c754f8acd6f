import type { KioskAnswer, KioskStatus } from '@studio/shared/kiosk';
import type { Logger } from 'pino';
import type { DeviceHealth } from '../devices/types.js';

/** A gate decision, as the kiosk and the logs see it: never the identifier. */
export interface DecisionEvent {
  at: string;
  laneId: string;
  readerId: string;
  granted: boolean;
  /** Null when granted; an eligibility reason (`past_due`, ...) or a local one (`cache_stale`, `anti_passback`). */
  reason: string | null;
  offline: boolean;
  /** From the offline cache, when the member is in it. */
  firstName: string | null;
  /** Admitted as a configured staff credential while offline. */
  staff: boolean;
}

export interface HealthChangeEvent {
  at: string;
  device: DeviceHealth;
}

export interface AgentEvents {
  decision: DecisionEvent;
  'device-health': HealthChangeEvent;
  /** A class check-in answered at the kiosk (a scan at its reader); never an identifier or a full name. */
  'kiosk-answer': KioskAnswer;
  /** The kiosk went offline or came back. */
  'kiosk-status': KioskStatus;
}

type Listener<T> = (payload: T) => void;

/**
 * A typed event bus. Each listener is called in its own try/catch: a throwing listener (a kiosk
 * stream that broke) is logged and contained, and the others still get the event (docs/architecture.md §2.7).
 */
export class EventBus<Events extends object = AgentEvents> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  constructor(private readonly logger: Pick<Logger, 'error'>) {}

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as Listener<Events[K]>)(payload);
      } catch (error) {
        this.logger.error({ event, err: error }, 'an event listener failed; contained');
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
