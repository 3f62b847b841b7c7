import { BrowserWindow, clipboard, dialog } from 'electron';
import type { Platform } from '../platform.ts';

/** The desktop's clipboard and native dialogs, parented to the focused window. */
export const electronPlatform: Platform = {
  async takeSecretFromClipboard() {
    const text = (await clipboard.readText()).trim();
    clipboard.clear();
    return text || undefined;
  },
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
};
