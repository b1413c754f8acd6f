import type { KioskApiError } from '../../local-api/errors.js';
import type { KioskAnswer, KioskCheckIn, KioskClassDetail, KioskScanTarget, KioskStatus, KioskTimetable } from '@studio/shared/kiosk';

/**
 * What the screens need from whoever hosts them: the agent over same-origin HTTP (any browser) or
 * the Electron main process over the preload's IPC. Every value is validated before it is returned.
 */
export interface KioskBackend {
  status(): Promise<KioskStatus>;
  classes(): Promise<KioskTimetable>;
  classDetail(classId: string): Promise<KioskClassDetail>;
  checkIn(request: KioskCheckIn): Promise<KioskAnswer>;
  setScanTarget(classId: string | null): Promise<KioskScanTarget>;
  /** Pushed events; returns the function that stops them. */
  subscribe(handlers: BackendEvents): () => void;
}

export interface BackendEvents {
  answer(answer: KioskAnswer): void;
  status(status: KioskStatus): void;
  /** An event arrived that is not on the contract: shown as a friendly problem, never thrown. */
  invalid(error: KioskApiError): void;
}
