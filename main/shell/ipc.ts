import { ipcMain, type BrowserWindow, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import type { Core } from '../core.ts';
import { EVENT_CHANNEL, INVOKE_CHANNEL, READS_CHANNEL } from '../ipc/channels.ts';
import type { Reply } from '../ipc/contract.ts';
import { isTrustedSender, type SenderInfo } from '../ipc/sender.ts';

const FORBIDDEN: Reply<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This page is not allowed to call the app.' },
};

export function senderInfo(event: IpcMainInvokeEvent | IpcMainEvent): SenderInfo {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url,
    isTopFrame: frame !== null && frame.parent === null,
  };
}

/**
 * Wires the router to the window: calls from its own top frame only, and to it alone the events its
 * page reads (the preload says which, `READS_CHANNEL`), its pushes narrowed to its own subscriptions. Each load of
 * the page is a frame of its own: when the page navigates to another document, reloads, crashes or
 * the window closes, what that load started (live subscriptions) ends with it.
 */
export function connectIpc(window: BrowserWindow, core: Core, origin: string): () => void {
  const contents = window.webContents;
  const trusted = { webContentsId: contents.id, origin };
  let loads = 0;
  let frame = `window-${String(contents.id)}-${String(loads)}`;
  const outlet = core.events.page(
    () => frame,
    (name, payload) => {
      if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, name, payload);
    },
  );
  const endFrame = (): void => {
    // The next document says what it reads.
    outlet.reads([]);
    core.endFrame(frame);
    frame = `window-${String(contents.id)}-${String(++loads)}`;
  };
  contents.on('did-start-navigation', (details) => {
    // A hash change (#/trade) stays in the same document and keeps its subscriptions.
    if (details.isMainFrame && !details.isSameDocument) endFrame();
  });
  contents.on('render-process-gone', endFrame);
  contents.on('destroyed', endFrame);
  ipcMain.handle(INVOKE_CHANNEL, (event, name: unknown, input: unknown) => {
    if (!isTrustedSender(senderInfo(event), trusted)) {
      core.log.log('warn', 'refused an IPC call from an untrusted frame', { url: event.senderFrame?.url });
      return FORBIDDEN;
    }
    return core.router.dispatch(name, input, { origin: 'window', frame });
  });
  const onReads = (event: IpcMainEvent, names: unknown): void => {
    if (!isTrustedSender(senderInfo(event), trusted) || !Array.isArray(names)) return;
    outlet.reads(names);
  };
  ipcMain.on(READS_CHANNEL, onReads);
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    ipcMain.removeListener(READS_CHANNEL, onReads);
    outlet.close();
    endFrame();
  };
}
