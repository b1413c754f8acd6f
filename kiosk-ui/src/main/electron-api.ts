/*
 * The slice of Electron's main-process API the shell uses, typed here so the shell typechecks and
 * is unit-tested without the `electron` package (an optional dependency whose binary cannot always
 * be downloaded). entry.ts passes the real module in; tests pass a fake. Names and shapes follow
 * Electron's own, so the real objects satisfy them.
 */

export interface PreventableEvent {
  preventDefault(): void;
}

/** `will-navigate` / `will-redirect`: the event carries the target URL. */
export interface NavigationEvent extends PreventableEvent {
  url: string;
}

export interface WebFrameMainSlice {
  readonly url: string;
  readonly parent: WebFrameMainSlice | null;
}

export interface RenderProcessGoneDetails {
  reason: string;
  exitCode: number;
}

export interface WebContentsEvents {
  'will-navigate': [event: NavigationEvent];
  'will-redirect': [event: NavigationEvent];
  'will-attach-webview': [event: PreventableEvent];
  'render-process-gone': [event: unknown, details: RenderProcessGoneDetails];
}

export interface WebContentsSlice {
  readonly id: number;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on<E extends keyof WebContentsEvents>(event: E, listener: (...args: WebContentsEvents[E]) => void): unknown;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
}

export interface WebPreferences {
  preload: string;
  contextIsolation: boolean;
  sandbox: boolean;
  nodeIntegration: boolean;
  nodeIntegrationInWorker: boolean;
  nodeIntegrationInSubFrames: boolean;
  webSecurity: boolean;
  allowRunningInsecureContent: boolean;
  webviewTag: boolean;
  navigateOnDragDrop: boolean;
  experimentalFeatures: boolean;
  enableBlinkFeatures: string;
  devTools: boolean;
  spellcheck: boolean;
  safeDialogs: boolean;
  disableDialogs: boolean;
  autoplayPolicy: 'document-user-activation-required';
}

export interface BrowserWindowOptions {
  kiosk: boolean;
  fullscreen: boolean;
  frame: boolean;
  autoHideMenuBar: boolean;
  backgroundColor: string;
  show: boolean;
  title: string;
  webPreferences: WebPreferences;
}

export interface BrowserWindowSlice {
  readonly webContents: WebContentsSlice;
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  destroy(): void;
}

export interface HeadersReceivedDetails {
  url: string;
  responseHeaders?: Record<string, string[]>;
}

export interface SessionSlice {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  webRequest: {
    onHeadersReceived(listener: (details: HeadersReceivedDetails, callback: (response: { responseHeaders: Record<string, string[]> }) => void) => void): void;
  };
  protocol: {
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
    unhandle(scheme: string): void;
  };
}

export interface IpcMainInvokeEventSlice {
  readonly sender: WebContentsSlice;
  readonly senderFrame: WebFrameMainSlice | null;
}

export interface IpcMainSlice {
  handle(channel: string, listener: (event: IpcMainInvokeEventSlice, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface CustomScheme {
  scheme: string;
  privileges: { standard: boolean; secure: boolean; supportFetchAPI: boolean; corsEnabled: boolean; stream: boolean };
}

export interface AppSlice {
  whenReady(): Promise<void>;
  quit(): void;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsSlice) => void): unknown;
}

export interface ElectronSlice {
  app: AppSlice;
  BrowserWindow: new (options: BrowserWindowOptions) => BrowserWindowSlice;
  ipcMain: IpcMainSlice;
  protocol: { registerSchemesAsPrivileged(schemes: CustomScheme[]): void };
  session: { defaultSession: SessionSlice };
}
