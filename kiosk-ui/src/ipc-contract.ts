import { z } from 'zod';
import { KioskAnswer, KioskCheckIn, KioskClassDetail, KioskScanTarget, KioskStatus, KioskTimetable } from '@studio/shared/kiosk';

/*
 * The one contract between the kiosk's renderer (through the preload) and the Electron main
 * process: every channel, the schema of what the renderer may send on it and of what main answers.
 * Main parses every request with its schema before acting; the renderer parses every reply.
 */

/** Renderer -> main requests (ipcRenderer.invoke / ipcMain.handle). */
export const ipcRequests = {
  getStatus: { channel: 'kiosk:get-status', request: z.undefined(), reply: KioskStatus },
  listClasses: { channel: 'kiosk:list-classes', request: z.undefined(), reply: KioskTimetable },
  getClass: { channel: 'kiosk:get-class', request: z.strictObject({ id: KioskCheckIn.shape.class_id }), reply: KioskClassDetail },
  checkIn: { channel: 'kiosk:check-in', request: KioskCheckIn, reply: KioskAnswer },
  setScanTarget: { channel: 'kiosk:set-scan-target', request: KioskScanTarget, reply: KioskScanTarget },
} as const;
export type IpcRequestName = keyof typeof ipcRequests;
export type IpcRequest<N extends IpcRequestName> = z.infer<(typeof ipcRequests)[N]['request']>;
export type IpcReplyValue<N extends IpcRequestName> = z.infer<(typeof ipcRequests)[N]['reply']>;

/** Main -> renderer events (webContents.send / ipcRenderer.on), as the agent's SSE events. */
export const ipcEvents = {
  answer: { channel: 'kiosk:answer', payload: KioskAnswer },
  status: { channel: 'kiosk:status', payload: KioskStatus },
} as const;
export type IpcEventName = keyof typeof ipcEvents;

/** A failed request: the code of a KioskApiError (local-api/errors.ts), whatever the transport. */
export const IpcError = z.object({ code: z.string(), message: z.string() });
export type IpcError = z.infer<typeof IpcError>;

/**
 * Every handler answers an envelope rather than throwing: Electron turns a thrown error into a
 * rejected invoke whose message is reworded, and drops its code.
 */
export function ipcReply<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: IpcError })]);
}
export type IpcReply<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/**
 * What the preload exposes as `window.kiosk`: intent-level functions only, never ipcRenderer.
 * Results are `unknown` on purpose: the renderer validates them with the schemas above.
 */
export interface KioskPreloadApi {
  getStatus(): Promise<unknown>;
  listClasses(): Promise<unknown>;
  getClass(id: string): Promise<unknown>;
  checkIn(classId: string, contactId: string): Promise<unknown>;
  setScanTarget(classId: string | null): Promise<unknown>;
  /** Returns the function that stops listening. */
  onAnswer(listener: (answer: unknown) => void): () => void;
  onStatus(listener: (status: unknown) => void): () => void;
}
