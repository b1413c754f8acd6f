import { ipcEvents, ipcRequests, type IpcEventName, type KioskPreloadApi } from '../ipc-contract.js';

/** The slice of Electron's preload API this file uses (the real module is passed in by preload.ts). */
export interface IpcRendererSlice {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export interface ContextBridgeSlice {
  exposeInMainWorld(apiKey: string, api: unknown): void;
}

/**
 * Intent-level functions over IPC: each sends one contract channel with one payload; the renderer
 * never sees ipcRenderer, a channel name, or the IPC event (which carries the sender).
 */
export function createKioskApi(ipcRenderer: IpcRendererSlice): KioskPreloadApi {
  const subscribe = (name: IpcEventName) => (listener: (payload: unknown) => void) => {
    const relay = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(ipcEvents[name].channel, relay);
    return () => void ipcRenderer.removeListener(ipcEvents[name].channel, relay);
  };
  return Object.freeze({
    getStatus: () => ipcRenderer.invoke(ipcRequests.getStatus.channel),
    listClasses: () => ipcRenderer.invoke(ipcRequests.listClasses.channel),
    getClass: (id: string) => ipcRenderer.invoke(ipcRequests.getClass.channel, { id }),
    checkIn: (classId: string, contactId: string) => ipcRenderer.invoke(ipcRequests.checkIn.channel, { class_id: classId, contact_id: contactId }),
    setScanTarget: (classId: string | null) => ipcRenderer.invoke(ipcRequests.setScanTarget.channel, { class_id: classId }),
    onAnswer: subscribe('answer'),
    onStatus: subscribe('status'),
  });
}

export function exposeKioskApi(contextBridge: ContextBridgeSlice, ipcRenderer: IpcRendererSlice): void {
  contextBridge.exposeInMainWorld('kiosk', createKioskApi(ipcRenderer));
}
