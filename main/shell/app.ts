import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog } from 'electron';
import { startCore, type Core } from '../core.ts';
import { loadConnectionChoice, targetOf } from '../features/connection/settings.ts';
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
  /** The core from the moment it starts: quitting waits for it, then closes it. */
  let starting: Promise<Core> | undefined;
  let closing: Promise<void> | undefined;
  let logFile: ReturnType<typeof fileSink> | undefined;
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
  // Quitting waits for the core to close: the cache's workers finish their calls, commit and end
  // before the process does, never torn down in the middle of a write (at most CLOSE_WAIT_MS).
  app.on('will-quit', (event) => {
    if (!starting) return;
    event.preventDefault();
    const pending = starting;
    starting = undefined;
    closing ??= closeCore(pending)
      .then(() => logFile?.close())
      .finally(() => app.quit());
  });

  void app.whenReady().then(async () => {
    installMenu(development);
    serveRenderer(paths.renderer);
    const dataDir = app.getPath('userData');
    const sink = fileSink(join(dataDir, 'logs', 'main.log'));
    logFile = sink;
    const log = createLogger((line) => {
      sink.write(line);
      process.stderr.write(`${line}\n`);
    });
    process.on('uncaughtException', (error) => log.log('error', 'uncaught exception', error));
    process.on('unhandledRejection', (reason) => log.log('error', 'unhandled rejection', reason));
    try {
      starting = startCore({
        environment: { name: app.getName(), version: app.getVersion(), dataDir, runtime: 'electron' },
        log,
        platform: electronPlatform,
        cacheWorkerUrl: paths.cacheWorker,
        miningWatchMs: 60_000,
        connection: targetOf(loadConnectionChoice(dataDir, log)),
      });
      core = await starting;
    } catch (error) {
      starting = undefined;
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

/** How long quitting waits for the core to close before the app ends regardless. */
export const CLOSE_WAIT_MS = 10_000;

/** Closes the core once it has started (a core that could not start has nothing to close). */
async function closeCore(starting: Promise<Core>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
  try {
    await Promise.race([starting.then((c) => c.close()), late]);
  } catch {
    // it never started, or closing failed: nothing more to wait for
  } finally {
    clearTimeout(timer);
  }
}

export function builtPaths(mainDir: string): DesktopPaths {
  return {
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    renderer: join(mainDir, '..', 'renderer'),
    cacheWorker: pathToFileURL(join(mainDir, 'cache-worker.js')),
  };
}
