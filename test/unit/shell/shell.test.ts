import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, INVOKE_CHANNEL, READS_CHANNEL } from '../../../main/ipc/channels.ts';
import { connectIpc } from '../../../main/shell/ipc.ts';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from '../../../main/shell/protocol.ts';
import { createMainWindow } from '../../../main/shell/window.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';
import { FakeEvent, ipcMain, protocol, type BrowserWindow as FakeWindow } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

function openWindow() {
  const window = createMainWindow('/app/preload.cjs', `${APP_ORIGIN}/index.html`) as unknown as FakeWindow;
  return { window, contents: window.webContents };
}

describe('main window', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security', () => {
    const { window } = openWindow();
    expect((window.options as { webPreferences: unknown }).webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('loads the app page and denies window.open, navigation, redirects and webviews', () => {
    const { window, contents } = openWindow();
    expect(window.loadedUrl).toBe('app://txc/index.html');
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = new FakeEvent();
      contents.emit(event, e, 'https://evil.example');
      expect(e.defaultPrevented, event).toBe(true);
    }
  });

  it('denies every permission request and check', () => {
    const { contents } = openWindow();
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      contents.session.permissionRequest?.(contents, permission, (granted: boolean) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false]);
    expect(contents.session.permissionCheck?.(contents, 'media')).toBe(false);
    expect(contents.session.devicePermission?.({ deviceType: 'usb' })).toBe(false);
  });
});

describe('ipc', () => {
  const cores: TestCore[] = [];
  afterEach(async () => {
    ipcMain.handlers.clear();
    ipcMain.listeners.clear();
    await Promise.all(cores.splice(0).map((c) => c.close()));
  });

  async function connect() {
    const core = await createTestCore();
    cores.push(core);
    const { window, contents } = openWindow();
    const disconnect = connectIpc(window as never, core, APP_ORIGIN);
    const invoke = ipcMain.handlers.get(INVOKE_CHANNEL);
    if (!invoke) throw new Error('no invoke handler registered');
    const call = (
      sender: { id: number; url?: string; topFrame?: boolean },
      name: string,
      input?: unknown,
    ) => {
      const frame =
        sender.url === undefined ? null : { url: sender.url, parent: sender.topFrame === false ? {} : null };
      return invoke({ sender: { id: sender.id }, senderFrame: frame }, name, input) as Promise<{
        ok: boolean;
        value?: unknown;
        error?: { code: string };
      }>;
    };
    /** The preload tells main which events the page reads (one-way, `READS_CHANNEL`). */
    const reads = (sender: { id: number; url: string; topFrame?: boolean }, names: unknown) => {
      const frame = { url: sender.url, parent: sender.topFrame === false ? {} : null };
      for (const h of ipcMain.listeners.get(READS_CHANNEL) ?? [])
        h({ sender: { id: sender.id }, senderFrame: frame }, names);
    };
    return { core, contents, disconnect, call, reads };
  }

  it("answers calls from the app's own top frame", async () => {
    const { contents, call } = await connect();
    const reply = await call({ id: contents.id, url: 'app://txc/index.html' }, 'app.info');
    expect(reply.ok).toBe(true);
  });

  it('refuses calls from sub-frames, other origins, other windows and destroyed frames', async () => {
    const { contents, call } = await connect();
    const refused = [
      { id: contents.id, url: 'app://txc/index.html', topFrame: false },
      { id: contents.id, url: 'https://evil.example/index.html' },
      { id: contents.id, url: 'file:///etc/index.html' },
      { id: contents.id + 1000, url: 'app://txc/index.html' },
      { id: contents.id },
    ];
    for (const sender of refused) {
      const reply = await call(sender, 'app.info');
      expect(reply, JSON.stringify(sender)).toEqual({
        ok: false,
        error: { code: 'forbidden', message: 'This page is not allowed to call the app.' },
      });
    }
  });

  it("ends a page's live subscriptions when it reloads or navigates away, not on a hash change", async () => {
    const { core, contents, call } = await connect();
    const page = { id: contents.id, url: 'app://txc/index.html' };
    const [account] = core.accounts.list();
    if (!account) throw new Error('the sandbox registers demo accounts');
    const subscribe = () =>
      call(page, 'live.subscribe', { accountId: account.id, channel: 'lastprice', topic: 'BTC_USDT' });
    const first = await subscribe();
    expect(first.ok).toBe(true);
    await subscribe();
    expect(core.live.subscriptionCount()).toBe(2);

    contents.emit('did-start-navigation', {
      isMainFrame: true,
      isSameDocument: true,
      url: 'app://txc/#/trade',
    });
    contents.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false, url: 'app://txc/x' });
    expect(core.live.subscriptionCount()).toBe(2);

    contents.emit('did-start-navigation', {
      isMainFrame: true,
      isSameDocument: false,
      url: 'app://txc/index.html',
    });
    expect(core.live.subscriptionCount()).toBe(0);
    // The reloaded page cannot stop what the old one started, and starts afresh.
    expect((await call(page, 'live.unsubscribe', { id: first.value })).value).toBe(false);
    await subscribe();
    contents.emit('render-process-gone', {}, { reason: 'crashed' });
    expect(core.live.subscriptionCount()).toBe(0);
  });

  it('sends the window only the events its page reads, on the single event channel, until disconnected', async () => {
    const { core, contents, disconnect, reads } = await connect();
    const top = { id: contents.id, url: 'app://txc/index.html' };
    core.events.emit('app.notice', { level: 'info', message: 'before the page reads it' });
    reads(top, ['app.notice', 'no.such.event']);
    // a sub-frame cannot change what the page reads
    reads({ ...top, topFrame: false }, ['sync.progress']);
    core.events.emit('sync.progress', { account: 'a', job: 'deals', done: 1 } as never);
    core.events.emit('app.notice', { level: 'info', message: 'one' });
    contents.destroyed = true;
    core.events.emit('app.notice', { level: 'info', message: 'while destroyed' });
    contents.destroyed = false;
    disconnect();
    core.events.emit('app.notice', { level: 'info', message: 'after disconnect' });
    expect(contents.sent).toEqual([[EVENT_CHANNEL, 'app.notice', { level: 'info', message: 'one' }]]);
    expect(ipcMain.handlers.has(INVOKE_CHANNEL)).toBe(false);
    expect(ipcMain.listeners.get(READS_CHANNEL)?.size ?? 0).toBe(0);
  });
});

describe('app protocol', () => {
  function serve() {
    const root = mkdtempSync(join(tmpdir(), 'txc-renderer-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>TXC</title>');
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(root, '..', 'outside-secret.txt'), 'secret');
    registerAppScheme();
    serveRenderer(root);
    const handler = protocol.handlers.get('app');
    if (!handler) throw new Error('no app protocol handler');
    return (url: string) => handler(new Request(url));
  }

  it('registers app:// as a secure standard scheme whose scripts keep their compiled code', () => {
    serve();
    expect(protocol.privileged).toContainEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    });
  });

  it('serves the built renderer with the strict CSP and the right content type', async () => {
    const get = serve();
    const index = await get('app://txc/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('content-security-policy')).not.toContain('unsafe');
    expect(await index.text()).toContain('<title>TXC</title>');
    expect(index.headers.get('cache-control')).toBeNull();
    const script = await get('app://txc/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // Files under assets/ are named by their content: kept as they are from one start to the next.
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for paths outside the renderer, other hosts and missing files', async () => {
    const get = serve();
    for (const url of [
      'app://txc/../outside-secret.txt',
      'app://txc/%2e%2e/outside-secret.txt',
      'app://txc/assets/%2e%2e%2f..%2foutside-secret.txt',
      'app://other/index.html',
      'app://txc/missing.js',
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });
});
