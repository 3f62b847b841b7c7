/**
 * What the core asks of the desktop around it: native dialogs, the clipboard and desktop notifications. The Electron shell
 * implements it with Electron's APIs; tests and the browser host implement it with scripted answers.
 * Secrets enter the app only through here (clipboard, files chosen in a native dialog), so a secret
 * never travels over the bridge from the renderer.
 */
export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface Platform {
  /** Reads a secret the user copied, then clears the clipboard. Undefined when it is empty. */
  takeSecretFromClipboard(): Promise<string | undefined>;
  /** A native "open file" dialog; undefined when the user cancels. */
  chooseFileToOpen(title: string, filters: FileFilter[]): Promise<string | undefined>;
  /** A native "save file" dialog; undefined when the user cancels. */
  chooseFileToSave(title: string, defaultName: string, filters: FileFilter[]): Promise<string | undefined>;
  /** Shows a desktop notification (the window's own web notifications are denied on purpose). */
  notify(notice: DesktopNotice): void;
  /** Quits and starts the app again (a saved connection applies then); absent where it cannot. */
  relaunch?(): void;
}

/** What a desktop notification says: a short title and one or two sentences. */
export interface DesktopNotice {
  title: string;
  body: string;
}

/** A platform that has neither clipboard nor dialogs (headless runs): every ask is declined, notices dropped. */
export const headlessPlatform: Platform = {
  takeSecretFromClipboard: () => Promise.resolve(undefined),
  chooseFileToOpen: () => Promise.resolve(undefined),
  chooseFileToSave: () => Promise.resolve(undefined),
  notify: () => undefined,
};
