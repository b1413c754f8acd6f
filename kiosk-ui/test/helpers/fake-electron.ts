import type {
  BrowserWindowOptions,
  BrowserWindowSlice,
  CustomScheme,
  ElectronSlice,
  HeadersReceivedDetails,
  IpcMainInvokeEventSlice,
  SessionSlice,
  WebContentsEvents,
  WebContentsSlice,
  WebFrameMainSlice,
} from '../../src/main/electron-api.ts';

// Listeners of every shape share one table; `unknown[]` would reject listeners with typed parameters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

class Listeners {
  private readonly byEvent = new Map<string, Listener[]>();

  on(event: string, listener: Listener): void {
    this.byEvent.set(event, [...(this.byEvent.get(event) ?? []), listener]);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.byEvent.get(event) ?? []) listener(...args);
  }
}

let nextId = 1;

export class FakeWebContents implements WebContentsSlice {
  readonly id = nextId++;
  readonly sent: [channel: string, payload: unknown][] = [];
  readonly listeners = new Listeners();
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  destroyed = false;

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }

  on<E extends keyof WebContentsEvents>(event: E, listener: (...args: WebContentsEvents[E]) => void): this {
    this.listeners.on(event, listener);
    return this;
  }

  emit<E extends keyof WebContentsEvents>(event: E, ...args: WebContentsEvents[E]): void {
    this.listeners.emit(event, ...args);
  }

  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
}

/** A navigation as Electron passes it to `will-navigate`, recording whether it was prevented. */
export function navigation(url: string) {
  const event = { url, prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
}

export class FakeSession implements SessionSlice {
  permissionRequest: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  permissionCheck: ((contents: unknown, permission: string) => boolean) | null = null;
  headersListener: ((details: HeadersReceivedDetails, callback: (response: { responseHeaders: Record<string, string[]> }) => void) => void) | null = null;
  readonly protocolHandlers = new Map<string, (request: Request) => Response | Promise<Response>>();

  setPermissionRequestHandler(handler: NonNullable<FakeSession['permissionRequest']>): void {
    this.permissionRequest = handler;
  }

  setPermissionCheckHandler(handler: NonNullable<FakeSession['permissionCheck']>): void {
    this.permissionCheck = handler;
  }

  readonly webRequest = {
    onHeadersReceived: (listener: NonNullable<FakeSession['headersListener']>) => {
      this.headersListener = listener;
    },
  };

  readonly protocol = {
    handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => void this.protocolHandlers.set(scheme, handler),
    unhandle: (scheme: string) => void this.protocolHandlers.delete(scheme),
  };
}

export class FakeIpcMain {
  readonly handlers = new Map<string, (event: IpcMainInvokeEventSlice, ...args: unknown[]) => Promise<unknown>>();

  handle(channel: string, listener: (event: IpcMainInvokeEventSlice, ...args: unknown[]) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** As ipcRenderer.invoke(channel, ...args) from `sender`'s `frame` would arrive. */
  invoke(channel: string, sender: WebContentsSlice, frame: WebFrameMainSlice | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ sender, senderFrame: frame }, ...args);
  }
}

export function frame(url: string, parent: WebFrameMainSlice | null = null): WebFrameMainSlice {
  return { url, parent };
}

/** The Electron slice the shell uses, recording what it was asked to do. */
export function fakeElectron() {
  const app = new Listeners();
  const session = new FakeSession();
  const ipcMain = new FakeIpcMain();
  const windows: FakeBrowserWindow[] = [];
  const privilegedSchemes: CustomScheme[] = [];

  class FakeBrowserWindow implements BrowserWindowSlice {
    readonly webContents = new FakeWebContents();
    readonly loaded: string[] = [];
    destroyed = false;

    constructor(readonly options: BrowserWindowOptions) {
      windows.push(this);
      // As Electron does for every web contents it makes, the window's included.
      app.emit('web-contents-created', {}, this.webContents);
    }

    async loadURL(url: string): Promise<void> {
      this.loaded.push(url);
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }

    destroy(): void {
      this.destroyed = true;
      this.webContents.destroyed = true;
    }
  }

  const electron: ElectronSlice = {
    app: {
      whenReady: async () => undefined,
      quit: () => undefined,
      on: (event: string, listener: Listener) => app.on(event, listener),
    },
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    protocol: { registerSchemesAsPrivileged: (schemes) => void privilegedSchemes.push(...schemes) },
    session: { defaultSession: session },
  };
  return { electron, app, session, ipcMain, windows, privilegedSchemes };
}
export type FakeElectron = ReturnType<typeof fakeElectron>;
export type FakeBrowserWindow = FakeElectron['windows'][number];
