import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNEL } from '../../../main/ipc/channels.ts';
import { builtPaths, runDesktopApp } from '../../../main/shell/app.ts';
import {
  app,
  BrowserWindow,
  dialog,
  FakeEvent,
  FakeWebContents,
  ipcMain,
  Menu,
  protocol,
} from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

describe('desktop app lifecycle', () => {
  it(
    'opens one hardened window on app://txc once ready, with IPC answering app.info',
    { timeout: 30_000 },
    async () => {
      const built = builtPaths('/opt/txc/build/main');
      expect(built.cacheWorker?.href).toBe('file:///opt/txc/build/main/cache-worker.js');
      // Run from source by `npm start` with a dev server address in the environment: it is ignored
      // (only `npm run dev` passes its argument), so the app's own page is the one IPC trusts.
      app.isPackaged = false;
      vi.stubEnv('TXC_DEV_SERVER_URL', 'http://localhost:5173/');
      // From source the cache runs its worker from main/cache/worker.ts.
      runDesktopApp({ ...built, cacheWorker: undefined });
      vi.unstubAllEnvs();
      expect(protocol.privileged).toHaveLength(1);
      expect(BrowserWindow.created).toHaveLength(0);

      app.becomeReady();
      await app.ready;
      // The core starts first (embedded sandbox, account registry with the demo accounts in the keychain).
      await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1), { timeout: 15_000 });

      expect(protocol.handlers.has('app')).toBe(true);
      expect(dialog.errors).toEqual([]);
      const window = BrowserWindow.created[0] as BrowserWindow;
      expect(window.loadedUrl).toBe('app://txc/index.html');
      expect((window.options as { webPreferences: { preload: string } }).webPreferences.preload).toBe(
        '/opt/txc/build/preload/index.cjs',
      );
      // Not development mode: no DevTools in the window nor in the app's own menu.
      expect((window.options as { webPreferences: { devTools: boolean } }).webPreferences.devTools).toBe(
        false,
      );
      expect(JSON.stringify(Menu.installed)).not.toMatch(/toggleDevTools|reload/i);
      expect(JSON.stringify(Menu.installed)).toMatch(/"copy"/);

      const invoke = ipcMain.handlers.get(INVOKE_CHANNEL);
      const reply = (await invoke?.(
        { sender: { id: window.webContents.id }, senderFrame: { url: 'app://txc/index.html', parent: null } },
        'app.info',
        undefined,
      )) as { ok: boolean; value: { version: string; dataDir: string; runtime: string } };
      expect(reply.value).toMatchObject({
        version: '9.9.9',
        dataDir: app.getPath('userData'),
        runtime: 'electron',
      });
      await vi.waitFor(() =>
        expect(existsSync(join(app.getPath('userData'), 'logs', 'main.log'))).toBe(true),
      );

      // Every other web contents created later is hardened too.
      const other = new FakeWebContents();
      app.emit('web-contents-created', {}, other);
      const navigation = new FakeEvent();
      other.emit('will-navigate', navigation, 'https://evil.example');
      expect(navigation.defaultPrevented).toBe(true);

      const accounts = (await invoke?.(
        { sender: { id: window.webContents.id }, senderFrame: { url: 'app://txc/index.html', parent: null } },
        'accounts.list',
        undefined,
      )) as { ok: boolean; value: Array<{ label: string }> };
      expect(accounts.value.map((a) => a.label)).toContain('Sandbox main');

      // Closing the window removes the IPC handler; closing the last window quits (not on macOS).
      window.emit('closed');
      expect(ipcMain.handlers.has(INVOKE_CHANNEL)).toBe(false);
      app.emit('window-all-closed');
      const quits = process.platform === 'darwin' ? 0 : 1;
      expect(app.quitCalls).toBe(quits);
      // Quitting waits for the core: its cache workers commit and end before the app quits again.
      const quitting = new FakeEvent();
      app.emit('will-quit', quitting);
      expect(quitting.defaultPrevented).toBe(true);
      expect(app.quitCalls).toBe(quits);
      await vi.waitFor(() => expect(app.quitCalls).toBe(quits + 1), { timeout: 15_000 });
      const wal = join(app.getPath('userData'), 'profiles', 'default', 'cache.sqlite-wal');
      expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
      // Closed: the second quit goes through.
      const again = new FakeEvent();
      app.emit('will-quit', again);
      expect(again.defaultPrevented).toBe(false);
    },
  );
});
