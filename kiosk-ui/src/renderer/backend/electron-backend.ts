import type { KioskCheckIn } from '@studio/shared/kiosk';
import { ipcEvents, ipcReply, ipcRequests, type IpcReplyValue, type IpcRequestName, type KioskPreloadApi } from '../../ipc-contract.js';
import { KioskApiError } from '../../local-api/errors.js';
import { parsePayload } from '../../local-api/parse.js';
import type { BackendEvents, KioskBackend } from './backend.js';

/** The Electron shell's preload API (`window.kiosk`): main relays to the agent and answers envelopes. */
export class ElectronBackend implements KioskBackend {
  constructor(private readonly api: KioskPreloadApi) {}

  status() {
    return this.call('getStatus', () => this.api.getStatus());
  }

  classes() {
    return this.call('listClasses', () => this.api.listClasses());
  }

  classDetail(classId: string) {
    return this.call('getClass', () => this.api.getClass(classId));
  }

  checkIn(request: KioskCheckIn) {
    return this.call('checkIn', () => this.api.checkIn(request.class_id, request.contact_id));
  }

  setScanTarget(classId: string | null) {
    return this.call('setScanTarget', () => this.api.setScanTarget(classId));
  }

  subscribe(handlers: BackendEvents): () => void {
    const guard =
      <T>(deliver: (value: T) => void, parse: (raw: unknown) => T) =>
      (raw: unknown) => {
        try {
          deliver(parse(raw));
        } catch (error) {
          handlers.invalid(error instanceof KioskApiError ? error : new KioskApiError('bad_reply', String(error)));
        }
      };
    const offAnswer = this.api.onAnswer(guard(handlers.answer, (raw) => parsePayload(ipcEvents.answer.payload, raw, 'The answer event')));
    const offStatus = this.api.onStatus(guard(handlers.status, (raw) => parsePayload(ipcEvents.status.payload, raw, 'The status event')));
    return () => {
      offAnswer();
      offStatus();
    };
  }

  private async call<N extends IpcRequestName>(name: N, invoke: () => Promise<unknown>): Promise<IpcReplyValue<N>> {
    let raw: unknown;
    try {
      raw = await invoke();
    } catch {
      throw new KioskApiError('unreachable', 'The kiosk shell did not answer.');
    }
    const reply = parsePayload(ipcReply(ipcRequests[name].reply), raw, `The reply to ${name}`);
    if (!reply.ok) throw new KioskApiError(reply.error.code, reply.error.message);
    return reply.value as IpcReplyValue<N>;
  }
}
