import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { TxcApi } from '../../preload/bridge.ts';
import { createTestCore, type TestCore } from '../support/core.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { BRIDGE_SOCKET_PATH, startBrowserHost, type BrowserHost } from './host.ts';
import { artifact, RENDERER_DIR } from './paths.ts';

let core: TestCore;
let host: BrowserHost;
let browser: Chromium;

beforeAll(async () => {
  core = await createTestCore();
  host = await startBrowserHost(core, RENDERER_DIR);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await core?.close();
});

/** What the page's global scope holds in these tests. */
interface PageGlobals {
  notices: string[];
  txc: TxcApi;
}

function openSocket(url: string, origin: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { origin });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

describe('renderer in Chromium through the bridge', () => {
  it('shows app.info from the core in the status bar, with no CSP or console errors', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(host.url);

    const version = page.getByTestId('status-version');
    await expect.poll(() => version.textContent()).toBe('TXC Desk 0.0.0-test');
    const expectedDir = (await core.router.dispatch('app.info', undefined, { origin: 'test' })) as {
      ok: true;
      value: { dataDir: string };
    };
    expect(await page.getByTestId('status-data-dir').textContent()).toBe(
      `Data: ${expectedDir.value.dataDir}`,
    );
    expect(await page.getByTestId('status-platform').textContent()).toBe(
      `${process.platform} ${process.arch} · node`,
    );

    await page.screenshot({ path: artifact('app-info.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('pushes core events to the page over the same bridge', async () => {
    const page = await browser.context.newPage();
    await page.goto(host.url);
    await page.waitForFunction(() => 'txc' in globalThis);
    await page.evaluate(() => {
      const page = globalThis as unknown as PageGlobals;
      page.notices = [];
      page.txc.on('app.notice', (notice) => page.notices.push(notice.message));
    });
    // A first call waits for the bridge socket to be open before main pushes.
    await page.evaluate(() => (globalThis as unknown as PageGlobals).txc.app.info());
    core.events.emit('app.notice', { level: 'info', message: 'hello from main' });
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).notices))
      .toEqual(['hello from main']);
    await page.close();
  });

  it('refuses bridge sockets without the token or from another origin', async () => {
    const base = `ws://127.0.0.1:${new URL(host.origin).port}${BRIDGE_SOCKET_PATH}`;
    expect(await openSocket(`${base}?token=${host.token}`, host.origin)).toBe('open');
    expect(await openSocket(`${base}?token=wrong`, host.origin)).toBe(403);
    expect(await openSocket(base, host.origin)).toBe(403);
    expect(await openSocket(`${base}?token=${host.token}`, 'http://evil.example')).toBe(403);
  });
});
