import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { hardenContents, hardenSession } from './security.ts';

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'TXC Desk',
    backgroundColor: '#0f1115',
    show: false,
    webPreferences: {
      preload: preloadPath,
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
    },
  };
}

/** The app's single window, hardened before it loads anything. */
export function createMainWindow(preloadPath: string, url: string): BrowserWindow {
  const window = new BrowserWindow(windowOptions(preloadPath));
  hardenSession(window.webContents.session);
  hardenContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);
  return window;
}
