/**
 * The desktop's clipboard for secrets. A secret the person copied is read once and cleared, on Linux
 * from the PRIMARY selection too (where selecting the text put it). What main copies for the person
 * (a service code) is marked concealed, so clipboard managers and history leave it out where the
 * desktop has such a mark, and is cleared after `COPIED_FOR_MS` unless something else was copied since.
 */
import { app, clipboard, ClipboardItem } from 'electron';

/** How long a copied service code stays on the clipboard. */
export const COPIED_FOR_MS = 60_000;

const raw = (format: string): string => `electron application/osclipboard;format="${format}"`;
/** A Windows clipboard DWORD of 0 ("no"). */
const NO = (): Blob => new Blob([new Uint8Array(4)]);

/**
 * The formats that mark clipboard text as a secret on `platform`: macOS's concealed type, Windows'
 * exclusions from clipboard history, monitors and cloud sync, KDE's password-manager hint.
 */
export function concealedFormats(platform: NodeJS.Platform): Record<string, string | Blob> {
  switch (platform) {
    case 'darwin':
      return { [raw('org.nspasteboard.ConcealedType')]: '', [raw('org.nspasteboard.TransientType')]: '' };
    case 'win32':
      return {
        [raw('ExcludeClipboardContentFromMonitorProcessing')]: '',
        [raw('CanIncludeInClipboardHistory')]: NO(),
        [raw('CanUploadToCloudClipboard')]: NO(),
      };
    default:
      return { [raw('x-kde-passwordManagerHint')]: 'secret' };
  }
}

/** The copied text waiting to be cleared, and its timer. */
let copied: { text: string; timer: ReturnType<typeof setTimeout> } | undefined;

/** Clears the clipboard now if it still holds what main copied (the timer, or the app quitting). */
async function clearCopied(): Promise<void> {
  const pending = copied;
  if (!pending) return;
  copied = undefined;
  clearTimeout(pending.timer);
  if ((await clipboard.readText()) === pending.text) clipboard.clear();
}

let clearsAtQuit = false;

/** Puts a secret main made on the clipboard, concealed, for `COPIED_FOR_MS` at most. */
export async function copySecret(text: string): Promise<boolean> {
  await clipboard.write([new ClipboardItem({ 'text/plain': text, ...concealedFormats(process.platform) })]);
  if (copied) clearTimeout(copied.timer);
  const timer = setTimeout(() => void clearCopied(), COPIED_FOR_MS);
  timer.unref();
  copied = { text, timer };
  if (!clearsAtQuit) {
    clearsAtQuit = true;
    app.on('will-quit', () => void clearCopied());
  }
  return true;
}

/** Reads a secret the person copied, then clears the clipboard (and, on Linux, a selection holding it). */
export async function takeSecret(): Promise<string | undefined> {
  const text = (await clipboard.readText()).trim();
  clipboard.clear();
  // `selection` exists on Linux only: the PRIMARY selection, filled by selecting text.
  const selection = (clipboard as { selection?: typeof clipboard }).selection;
  if (text && selection && (await selection.readText()).includes(text)) selection.clear();
  return text || undefined;
}
