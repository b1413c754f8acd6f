import '../zod-without-eval.js';
import type { KioskPreloadApi } from '../ipc-contract.js';
import { KioskApp } from './app.js';
import type { KioskBackend } from './backend/backend.js';
import { ElectronBackend } from './backend/electron-backend.js';
import { HttpBackend } from './backend/http-backend.js';
import { timingsFromQuery } from './config.js';

/** In Electron the preload exposes `window.kiosk`; in any other browser the page talks to the agent that served it. */
function chooseBackend(): KioskBackend {
  const preload = (window as unknown as { kiosk?: KioskPreloadApi }).kiosk;
  return preload ? new ElectronBackend(preload) : new HttpBackend(document.baseURI);
}

const root = document.getElementById('app');
if (root) {
  const app = new KioskApp({ backend: chooseBackend(), root, timings: timingsFromQuery(location.search) });
  void app.start();
}
