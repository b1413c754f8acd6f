import type { BrowserWindowOptions } from './electron-api.js';

/**
 * The kiosk window: fullscreen kiosk mode, and a renderer that is an ordinary sandboxed web page
 * (Electron's security checklist): no Node, isolated context, web security on, nothing it could
 * use to open, embed or navigate elsewhere. The preload is its only bridge.
 */
export function kioskWindowOptions(preloadPath: string): BrowserWindowOptions {
  return {
    kiosk: true,
    fullscreen: true,
    frame: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    show: true,
    title: 'Class check-in',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      devTools: false,
      spellcheck: false,
      safeDialogs: true,
      disableDialogs: true,
      autoplayPolicy: 'document-user-activation-required',
    },
  };
}
