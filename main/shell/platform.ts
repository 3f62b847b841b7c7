import { app, BrowserWindow, dialog, Notification } from 'electron';
import { plainConfirmation } from '../dialog-text.ts';
import type { Platform } from '../platform.ts';
import { copySecret, takeSecret } from './clipboard.ts';

/** An action pressed sooner than this after a question appeared is ignored, and the question stays. */
export const ANSWER_AFTER_MS = 800;

/** Notifications possibly still on screen: kept referenced so a click reaches its handler. */
const shown = new Set<Notification>();

/**
 * The desktop's clipboard, native dialogs (parented to the focused window) and notifications (a click
 * brings the app's window to the front).
 */
export const electronPlatform: Platform = {
  takeSecretFromClipboard: takeSecret,
  writeToClipboard: copySecret,
  async chooseFileToOpen(title, filters) {
    const options = { title, filters, properties: ['openFile' as const] };
    const parent = BrowserWindow.getFocusedWindow();
    const result = parent
      ? await dialog.showOpenDialog(parent, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? undefined : result.filePaths[0];
  },
  async chooseFileToSave(title, defaultName, filters) {
    const options = { title, defaultPath: defaultName, filters };
    const parent = BrowserWindow.getFocusedWindow();
    const result = parent
      ? await dialog.showSaveDialog(parent, options)
      : await dialog.showSaveDialog(options);
    return result.canceled ? undefined : result.filePath;
  },
  async confirm(question) {
    const { title, facts, action, cancel, warning, closesAtMs } = plainConfirmation(question);
    const width = Math.max(...facts.map((f) => f.label.length));
    const detail = [
      ...facts.map((f) => `${f.label.padEnd(width)}   ${f.value}`),
      ...(warning ? ['', warning] : []),
    ].join('\n');
    // Cancel is first and the default: Enter or Escape in a hurry does what its label says, nothing.
    const options = {
      type: 'warning' as const,
      title: 'TXC Desk',
      message: title,
      detail,
      buttons: [cancel ?? 'Cancel', action],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    };
    for (;;) {
      const shownAt = Date.now();
      const parent = BrowserWindow.getFocusedWindow();
      // a question about something that stops holding closes then, as if cancelled
      const left = closesAtMs === undefined ? undefined : closesAtMs - shownAt;
      if (left !== undefined && left <= 0) return false;
      const asked = left === undefined ? options : { ...options, signal: AbortSignal.timeout(left) };
      const result = parent ? await dialog.showMessageBox(parent, asked) : await dialog.showMessageBox(asked);
      if (result.response !== 1) return false;
      if (closesAtMs !== undefined && Date.now() >= closesAtMs) return false;
      // A press that lands as the dialog appears (a click or key meant for the page) is nobody's
      // answer: the question stays until it is answered after a person could have read it.
      if (Date.now() - shownAt >= ANSWER_AFTER_MS) return true;
    }
  },
  relaunch() {
    app.relaunch();
    app.quit();
  },
  notify({ title, body }) {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    shown.add(notification);
    // Some desktops never report a close: forget the oldest beyond a handful.
    for (const old of shown) if (shown.size > 20) shown.delete(old);
    notification.on('click', () => {
      const window = BrowserWindow.getAllWindows()[0];
      if (window?.isMinimized()) window.restore();
      window?.focus();
    });
    notification.on('close', () => shown.delete(notification));
    notification.show();
  },
};
