// Runs in the sandboxed renderer before the page: exposes `window.txc` and nothing else.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL, READS_CHANNEL } from '../main/ipc/channels.ts';
import { createBridge } from './bridge.ts';

contextBridge.exposeInMainWorld(
  'txc',
  createBridge({
    invoke: (procedure, input) => ipcRenderer.invoke(INVOKE_CHANNEL, procedure, input),
    listen(listener) {
      const handler = (_event: IpcRendererEvent, name: string, payload: unknown): void =>
        listener(name, payload);
      ipcRenderer.on(EVENT_CHANNEL, handler);
      return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    },
    reads: (names) => ipcRenderer.send(READS_CHANNEL, names),
  }),
);
