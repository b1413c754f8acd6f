import type { RendererFile } from '@studio/shared/kiosk-renderer';
import type { Logger } from 'pino';
import { ipcEvents, type IpcEventName } from '../ipc-contract.js';
import { LocalApiClient } from '../local-api/client.js';
import { AgentEvents } from './agent-events.js';
import type { KioskShellConfig } from './config.js';
import type { BrowserWindowSlice, ElectronSlice, IpcMainInvokeEventSlice, RenderProcessGoneDetails } from './electron-api.js';
import { hardenSession, hardenWebContents } from './hardening.js';
import { registerIpcHandlers, type IpcActions } from './ipc-handlers.js';
import { isRendererUrl, rendererOrigin, rendererScheme } from './origin.js';
import { rendererRequestHandler, rendererSchemePrivileges } from './renderer-protocol.js';
import { kioskWindowOptions } from './window-options.js';
import type { ServerSentEvent } from './sse.js';

export interface KioskShellOptions {
  electron: ElectronSlice;
  config: KioskShellConfig;
  rendererFiles: ReadonlyMap<string, RendererFile>;
  preloadPath: string;
  logger: Logger;
  fetchImpl?: typeof fetch;
  /** Wait before replacing a window whose renderer crashed, so a crash loop cannot spin. */
  restartDelayMs?: number;
}

/**
 * The Electron main process of the kiosk: one hardened fullscreen window on the in-memory
 * renderer, IPC relayed to the agent's local API over loopback, the agent's events forwarded to the
 * window, and a fresh window when the renderer dies.
 */
export class KioskShell {
  private window: BrowserWindowSlice | null = null;
  private readonly agent: LocalApiClient;
  private readonly events: AgentEvents;
  private removeIpc: (() => void) | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  restarts = 0;

  /** Must run before the app is ready: a scheme's privileges are fixed when the first session is made. */
  static registerSchemes(electron: Pick<ElectronSlice, 'protocol'>): void {
    electron.protocol.registerSchemesAsPrivileged([rendererSchemePrivileges]);
  }

  constructor(private readonly options: KioskShellOptions) {
    this.agent = new LocalApiClient(new URL('/kiosk/api/', options.config.KIOSK_AGENT_URL), options.fetchImpl);
    this.events = new AgentEvents({
      url: this.agent.eventsUrl,
      onEvent: (event) => this.forward(event),
      logger: options.logger.child({ module: 'agent-events' }),
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    });
  }

  async start(): Promise<void> {
    const { electron, logger } = this.options;
    const session = electron.session.defaultSession;
    hardenSession(session, logger);
    session.protocol.handle(rendererScheme, rendererRequestHandler(this.options.rendererFiles));
    electron.app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, logger));
    this.removeIpc = registerIpcHandlers({
      ipcMain: electron.ipcMain,
      actions: this.actions(),
      isTrustedSender: (event) => this.isTrustedSender(event),
      logger: logger.child({ module: 'ipc' }),
    });
    this.events.start();
    await this.openWindow();
  }

  stop(): void {
    this.stopped = true;
    this.events.stop();
    this.removeIpc?.();
    this.removeIpc = null;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.options.electron.session.defaultSession.protocol.unhandle(rendererScheme);
    if (this.window && !this.window.isDestroyed()) this.window.destroy();
    this.window = null;
  }

  /** Only the kiosk window's own top frame, showing our renderer, may ask main for anything. */
  isTrustedSender(event: IpcMainInvokeEventSlice): boolean {
    const window = this.window;
    const frame = event.senderFrame;
    if (!window || window.isDestroyed() || event.sender.id !== window.webContents.id) return false;
    return frame !== null && frame.parent === null && isRendererUrl(frame.url);
  }

  get rendererUrl(): string {
    const query = new URLSearchParams({ idle: String(this.options.config.KIOSK_IDLE_SECONDS), answer: String(this.options.config.KIOSK_ANSWER_SECONDS) });
    return `${rendererOrigin}/index.html?${query}`;
  }

  private actions(): IpcActions {
    return {
      getStatus: () => this.agent.status(),
      listClasses: () => this.agent.classes(),
      getClass: (request) => this.agent.classDetail(request.id),
      checkIn: (request) => this.agent.checkIn(request),
      setScanTarget: (request) => this.agent.setScanTarget(request.class_id),
    };
  }

  private async openWindow(): Promise<void> {
    const window = new this.options.electron.BrowserWindow(kioskWindowOptions(this.options.preloadPath));
    const previous = this.window;
    this.window = window;
    window.webContents.on('render-process-gone', (_event, details) => this.onRendererGone(window, details));
    // Replace, then close: closing first would leave no window and quit the app.
    if (previous && !previous.isDestroyed()) previous.destroy();
    try {
      await window.loadURL(this.rendererUrl);
    } catch (error) {
      this.options.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'the kiosk window failed to load');
    }
  }

  private onRendererGone(window: BrowserWindowSlice, details: RenderProcessGoneDetails): void {
    if (window !== this.window || this.stopped || details.reason === 'clean-exit') return;
    this.restarts += 1;
    this.options.logger.error({ reason: details.reason, exitCode: details.exitCode, restarts: this.restarts }, 'the kiosk renderer is gone; opening a new window');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopped) void this.openWindow();
    }, this.options.restartDelayMs ?? 1_000);
  }

  /** The agent's `answer` and `status` events, checked against the contract, to the window. */
  private forward(event: ServerSentEvent): void {
    if (!Object.hasOwn(ipcEvents, event.event)) return;
    const spec = ipcEvents[event.event as IpcEventName];
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      payload = undefined;
    }
    const parsed = spec.payload.safeParse(payload);
    if (!parsed.success) {
      this.options.logger.warn({ event: event.event }, 'dropped an agent event off the kiosk contract');
      return;
    }
    const contents = this.window?.webContents;
    if (contents && !contents.isDestroyed()) contents.send(spec.channel, parsed.data);
  }
}
