import { describe, expect, it } from 'vitest';
import type { KioskPreloadApi } from '../../src/ipc-contract.ts';
import { exposeKioskApi, type IpcRendererSlice } from '../../src/preload/kiosk-api.ts';

function fakeIpcRenderer() {
  const invoked: unknown[][] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipcRenderer: IpcRendererSlice = {
    invoke: async (channel, ...args) => {
      invoked.push([channel, ...args]);
      return { ok: true, value: null };
    },
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'the IPC event' }, payload);
  };
  return { ipcRenderer, invoked, listeners, emit };
}

describe('the preload', () => {
  it('exposes intent-level functions only, frozen, under window.kiosk', () => {
    const exposed: Record<string, unknown> = {};
    exposeKioskApi({ exposeInMainWorld: (key, api) => (exposed[key] = api) }, fakeIpcRenderer().ipcRenderer);
    const api = exposed.kiosk as Record<string, unknown>;
    expect(Object.keys(exposed)).toEqual(['kiosk']);
    expect(Object.keys(api).sort()).toEqual(['checkIn', 'getClass', 'getStatus', 'listClasses', 'onAnswer', 'onStatus', 'setScanTarget']);
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('sends each intent on its own channel with one payload', async () => {
    const fake = fakeIpcRenderer();
    let api!: KioskPreloadApi;
    exposeKioskApi({ exposeInMainWorld: (_key, exposed) => (api = exposed as KioskPreloadApi) }, fake.ipcRenderer);
    await api.getStatus();
    await api.listClasses();
    await api.getClass('c1');
    await api.checkIn('c1', 'p1');
    await api.setScanTarget(null);
    expect(fake.invoked).toEqual([
      ['kiosk:get-status'],
      ['kiosk:list-classes'],
      ['kiosk:get-class', { id: 'c1' }],
      ['kiosk:check-in', { class_id: 'c1', contact_id: 'p1' }],
      ['kiosk:set-scan-target', { class_id: null }],
    ]);
  });

  it('passes events on without the IPC event, and stops when asked', () => {
    const fake = fakeIpcRenderer();
    let api!: KioskPreloadApi;
    exposeKioskApi({ exposeInMainWorld: (_key, exposed) => (api = exposed as KioskPreloadApi) }, fake.ipcRenderer);
    const received: unknown[][] = [];
    const stop = api.onAnswer((...args: unknown[]) => void received.push(args));
    fake.emit('kiosk:answer', { outcome: 'checked_in' });
    fake.emit('kiosk:status', { offline: true });
    stop();
    fake.emit('kiosk:answer', { outcome: 'refused' });
    expect(received).toEqual([[{ outcome: 'checked_in' }]]);
    expect(fake.listeners.get('kiosk:answer')?.size).toBe(0);
  });
});
