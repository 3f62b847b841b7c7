// Runs in the page served by the browser test host, in place of Electron's preload: installs
// `window.txc` built by the same createBridge, carried over a loopback WebSocket.
import { createBridge, type BridgeTransport } from '../../../preload/bridge.ts';

interface Pending {
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
}

function wsTransport(url: string): BridgeTransport {
  const socket = new WebSocket(url);
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('bridge socket failed')), { once: true });
  });
  const pending = new Map<number, Pending>();
  const listeners = new Set<(name: string, payload: unknown) => void>();
  let nextId = 1;

  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as {
      id?: number;
      reply?: unknown;
      event?: string;
      payload?: unknown;
    };
    if (typeof data.id === 'number') {
      pending.get(data.id)?.resolve(data.reply);
      pending.delete(data.id);
    } else if (typeof data.event === 'string') {
      for (const listener of listeners) listener(data.event, data.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const p of pending.values()) p.reject(new Error('bridge socket closed'));
    pending.clear();
  });

  return {
    async invoke(procedure, input) {
      await opened;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, procedure, input }));
      });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reads(names) {
      void opened.then(() => socket.send(JSON.stringify({ reads: names })));
    },
  };
}

const token = new URLSearchParams(location.search).get('token') ?? '';
const url = `ws://${location.host}/__txc/bridge?token=${encodeURIComponent(token)}`;
Object.defineProperty(window, 'txc', {
  value: createBridge(wsTransport(url)),
  writable: false,
  configurable: false,
});
