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
  /**
   * Reads a secret the user copied, then clears the clipboard (on Linux the PRIMARY selection too,
   * when it holds the secret). Undefined when it is empty. Callers ask the person first (`confirm`).
   */
  takeSecretFromClipboard(): Promise<string | undefined>;
  /**
   * Puts a secret main made on the clipboard for the person to paste elsewhere (a service code, which
   * never crosses the bridge): marked concealed where the desktop has such a mark, and cleared after
   * 60 s unless something else was copied since. False when this desktop has no clipboard.
   */
  writeToClipboard(text: string): Promise<boolean>;
  /** A native "open file" dialog; undefined when the user cancels. */
  chooseFileToOpen(title: string, filters: FileFilter[]): Promise<string | undefined>;
  /** A native "save file" dialog; undefined when the user cancels. */
  chooseFileToSave(title: string, defaultName: string, filters: FileFilter[]): Promise<string | undefined>;
  /** Shows a desktop notification (the window's own web notifications are denied on purpose). */
  notify(notice: DesktopNotice): void;
  /** Quits and starts the app again (a saved connection applies then); absent where it cannot. */
  relaunch?(): void;
  /**
   * A native question from the main process before money moves or a key changes: the facts as main
   * will send them, and a button that names the action. Resolves true only when the person pressed
   * that button; any other way out (cancel, escape, closing the dialog, the question's `closesAtMs`
   * passing) is false.
   */
  confirm(question: Confirmation): Promise<boolean>;
}

/** What a native confirmation states: each fact on its own line, so a hurried person cannot misread. */
export interface Confirmation {
  /** The question, e.g. "Withdraw 20 USDT to an address on ERC20?" */
  title: string;
  /** The facts in the order they are read: account, asset, network, address, amount, fee, ... */
  facts: ReadonlyArray<{ label: string; value: string }>;
  /** The confirm button's words, a verb: "Withdraw", "Remove key". Cancel is always the default. */
  action: string;
  /** The cancel button's words (default "Cancel"): what Enter or Escape does, e.g. "Don't send". */
  cancel?: string;
  /** A line that must stand out: an address not in the book, a key that loses a permission. */
  warning?: string;
  /**
   * When what it asks about stops holding (a quote's expiry, ms since the epoch): the dialog closes
   * by itself then, answered as not confirmed.
   */
  closesAtMs?: number;
}

/** What a desktop notification says: a short title and one or two sentences. */
export interface DesktopNotice {
  title: string;
  body: string;
}

/** A platform that has neither clipboard nor dialogs (headless runs): every ask is declined, notices dropped. */
export const headlessPlatform: Platform = {
  confirm: () => Promise.resolve(false),
  takeSecretFromClipboard: () => Promise.resolve(undefined),
  writeToClipboard: () => Promise.resolve(false),
  chooseFileToOpen: () => Promise.resolve(undefined),
  chooseFileToSave: () => Promise.resolve(undefined),
  notify: () => undefined,
};
