import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog } from 'electron';
import { startCore, type Core } from '../core.ts';
import { loadConnectionChoice, targetOf } from '../services/connection-settings.ts';
import { originOf } from '../ipc/sender.ts';
import { createLogger, fileSink } from '../log.ts';
import { developmentServer } from './development.ts';
import { connectIpc } from './ipc.ts';
import { refusalMessage, refusedSwitch } from './launch-guard.ts';
import { installMenu } from './menu.ts';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './protocol.ts';
import { electronPlatform } from './platform.ts';
import { hardenContents } from './security.ts';
import { createMainWindow } from './window.ts';

export interface DesktopPaths {
  /** The bundled preload script (CommonJS, for the sandboxed renderer). */
  preload: string;
  /** The built renderer (index.html and assets). */
  renderer: string;
  /** The cache's worker thread entry, built beside the main bundle. */
  cacheWorker?: URL;
}

/** Starts the desktop app: one hardened window on the built renderer, IPC wired to the core. */
export function runDesktopApp(paths: DesktopPaths): void {
  // Before anything else: a packaged app with remote debugging switched on quits at once.
  const refused = app.isPackaged
    ? refusedSwitch(process.argv, (name) => app.commandLine.hasSwitch(name))
    : undefined;
  if (refused !== undefined) {
    const message = refusalMessage(refused);
    process.stderr.write(`${message}\n`);
    dialog.showErrorBox('TXC Desk did not start', message);
    app.exit(1);
    return;
  }
  registerAppScheme();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));

  // The Vite dev server only under `npm run dev` from source (see development.ts).
  const devServer = developmentServer(process.argv, app.isPackaged);
  const development = devServer !== undefined;
  const url = devServer ?? `${APP_ORIGIN}/index.html`;
  const origin = originOf(url) ?? APP_ORIGIN;

  let core: Core | undefined;
  let window: BrowserWindow | undefined;
  let disconnect: (() => void) | undefined;

  const open = (): void => {
    if (!core) return;
    window = createMainWindow(paths.preload, url, { development });
    disconnect = connectIpc(window, core, origin);
    window.on('closed', () => {
      disconnect?.();
      window = undefined;
    });
  };

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void core?.close());

  void app.whenReady().then(async () => {
    installMenu(development);
    serveRenderer(paths.renderer);
    const dataDir = app.getPath('userData');
    const logFile = fileSink(join(dataDir, 'logs', 'main.log'));
    const log = createLogger((line) => {
      logFile.write(line);
      process.stderr.write(`${line}\n`);
    });
    process.on('uncaughtException', (error) => log.log('error', 'uncaught exception', error));
    process.on('unhandledRejection', (reason) => log.log('error', 'unhandled rejection', reason));
    try {
      core = await startCore({
        environment: { name: app.getName(), version: app.getVersion(), dataDir, runtime: 'electron' },
        log,
        platform: electronPlatform,
        cacheWorkerUrl: paths.cacheWorker,
        miningWatchMs: 60_000,
        connection: targetOf(loadConnectionChoice(dataDir, log)),
      });
    } catch (error) {
      log.log('error', 'the app core could not start', error);
      dialog.showErrorBox(
        'TXC Desk could not start',
        `${error instanceof Error ? error.message : String(error)}\n\nThe details are in ${join(dataDir, 'logs', 'main.log')}.`,
      );
      app.quit();
      return;
    }
    open();
  });
}

export function builtPaths(mainDir: string): DesktopPaths {
  return {
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    renderer: join(mainDir, '..', 'renderer'),
    cacheWorker: pathToFileURL(join(mainDir, 'cache-worker.js')),
  };
}
