import '../zod-without-eval.js';
import { exposeKioskApi, type ContextBridgeSlice, type IpcRendererSlice } from './kiosk-api.js';

/*
 * The preload entry, bundled to dist/app/preload.cjs: a sandboxed preload is a CommonJS script whose
 * `require` knows 'electron' and little else, so everything it needs is bundled in.
 */
const electron = require('electron') as { contextBridge: ContextBridgeSlice; ipcRenderer: IpcRendererSlice };
exposeKioskApi(electron.contextBridge, electron.ipcRenderer);
