import { contentSecurityPolicy } from '@studio/shared/kiosk-renderer';
import { afterEach, describe, expect, it } from 'vitest';
import { withContentSecurityPolicy } from '../../src/main/hardening.ts';
import { navigation } from '../helpers/fake-electron.ts';
import { startShell } from '../helpers/shell-under-test.ts';

// A closed loopback port: these tests never reach the agent.
const noAgent = 'http://127.0.0.1:9';
let running: Awaited<ReturnType<typeof startShell>> | null = null;

afterEach(() => {
  running?.shell.stop();
  running = null;
});

describe('the kiosk window', () => {
  it('is a fullscreen kiosk whose renderer is a sandboxed, isolated page without Node', async () => {
    running = await startShell(noAgent);
    const { options } = running.window();
    expect(options.kiosk).toBe(true);
    expect(options.fullscreen).toBe(true);
    expect(options.webPreferences).toEqual({
      preload: '/opt/studio-kiosk/preload.cjs',
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
    });
  });

  it('loads the renderer from its privileged in-memory scheme with the idle settings', async () => {
    running = await startShell(noAgent);
    expect(running.fake.privilegedSchemes).toEqual([{ scheme: 'kiosk', privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, stream: false } }]);
    expect(running.window().loaded).toEqual(['kiosk://app/index.html?idle=30&answer=5']);
  });

  it('serves every renderer response, found or not, with the CSP', async () => {
    running = await startShell(noAgent);
    const serve = running.fake.session.protocolHandlers.get('kiosk')!;
    const page = await serve(new Request('kiosk://app/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>kiosk</title>');
    expect((await serve(new Request('kiosk://app/index.html', { method: 'POST', body: 'x' }))).status).toBe(404);
    for (const path of ['kiosk://app/../../etc/passwd', 'kiosk://app/secret.json', 'kiosk://other/index.html']) {
      const missing = await serve(new Request(path));
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    }
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).toContain("default-src 'none'");
    expect(contentSecurityPolicy).not.toContain('unsafe');
  });

  it('sets the CSP on every other response the session receives, replacing any it had', async () => {
    running = await startShell(noAgent);
    let answered: Record<string, string[]> | null = null;
    running.fake.session.headersListener!(
      { url: 'http://127.0.0.1:8787/kiosk/', responseHeaders: { 'content-security-policy': ["script-src 'unsafe-inline'"], 'Content-Type': ['text/html'] } },
      (response) => (answered = response.responseHeaders),
    );
    expect(answered).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy] });
    expect(withContentSecurityPolicy({})).toEqual({ 'Content-Security-Policy': [contentSecurityPolicy] });
  });

  it('denies new windows, navigation away, redirects away and webviews', async () => {
    running = await startShell(noAgent);
    const contents = running.window().webContents;
    expect(contents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'kiosk://app/index.html' })).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect'] as const) {
      for (const url of ['https://example.com/', 'http://127.0.0.1:8787/kiosk/', 'file:///etc/passwd', 'kiosk://other/index.html', 'not a url']) {
        const away = navigation(url);
        contents.emit(event, away);
        expect(away.prevented, `${event} ${url}`).toBe(true);
      }
      const within = navigation('kiosk://app/index.html');
      contents.emit(event, within);
      expect(within.prevented).toBe(false);
    }
    const webview = navigation('about:blank');
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
  });

  it('denies every permission request and check', async () => {
    running = await startShell(noAgent);
    const { session } = running.fake;
    for (const permission of ['media', 'geolocation', 'notifications', 'hid', 'serial', 'clipboard-read', 'fullscreen']) {
      let granted: boolean | null = null;
      session.permissionRequest!({}, permission, (answer) => (granted = answer));
      expect(granted, permission).toBe(false);
      expect(session.permissionCheck!({}, permission)).toBe(false);
    }
  });
});
