import { BrowserWindow } from 'electron';
import { hardenContents, hardenSession } from './security.ts';

/** The app's single window, hardened before it loads anything; DevTools only in development mode. */
export function createMainWindow(
  preloadPath: string,
  url: string,
  options: { development?: boolean } = {},
): BrowserWindow {
  const devTools = options.development === true;
  // The options stay literal here so security scanners can read them.
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'TXC Desk',
    backgroundColor: '#0f1115',
    show: false,
    webPreferences: {
      preload: preloadPath, // eng-disable PRELOAD_JS_CHECK: reviewed; it exposes only the typed bridge
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      devTools,
    },
  });
  hardenSession(window.webContents.session);
  hardenContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);
  return window;
}
