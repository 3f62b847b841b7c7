import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { TxcApi } from '../../preload/bridge.ts';
import { BRIDGE_SOCKET_PATH } from './host.ts';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession();

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
    const { page, problems } = await app.openPage();

    const version = page.getByTestId('status-version');
    await expect.poll(() => version.textContent()).toBe('TXC Desk 0.0.0-test');
    const expectedDir = (await app.core.router.dispatch('app.info', undefined, { origin: 'test' })) as {
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
    const { page } = await app.openPage();
    await page.waitForFunction(() => 'txc' in globalThis);
    await page.evaluate(() => {
      const page = globalThis as unknown as PageGlobals;
      page.notices = [];
      page.txc.on('app.notice', (notice) => page.notices.push(notice.message));
    });
    // A first call waits for the bridge socket to be open before main pushes.
    await page.evaluate(() => (globalThis as unknown as PageGlobals).txc.app.info());
    app.core.events.emit('app.notice', { level: 'info', message: 'hello from main' });
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).notices))
      .toEqual(['hello from main']);
    await page.close();
  });

  it('refuses bridge sockets without the token or from another origin', async () => {
    const base = `ws://127.0.0.1:${new URL(app.host.origin).port}${BRIDGE_SOCKET_PATH}`;
    expect(await openSocket(`${base}?token=${app.host.token}`, app.host.origin)).toBe('open');
    expect(await openSocket(`${base}?token=wrong`, app.host.origin)).toBe(403);
    expect(await openSocket(base, app.host.origin)).toBe(403);
    expect(await openSocket(`${base}?token=${app.host.token}`, 'http://evil.example')).toBe(403);
  });
});
