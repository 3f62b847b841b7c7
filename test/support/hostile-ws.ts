/**
 * A hostile exchange WebSocket on loopback: it speaks just enough JSON-RPC to be connected to
 * (authorize, subscribe, ping), and sends whatever frames a test hands it, however malformed or
 * large. It can also stop answering pings.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface HostileWs {
  /** `ws://127.0.0.1:PORT/ws` */
  readonly url: string;
  /** How many connections were made so far. */
  readonly connections: () => number;
  /** Sockets open now. */
  readonly open: () => number;
  /** Sends a raw frame (text, or a value sent as JSON) on every open socket; resolves once written. */
  send(frame: string | object): Promise<void>;
  /** Whether pings (and only pings) get an answer. */
  answerPings: boolean;
  /** Resolves when `n` connections have been made in all (counting earlier ones). */
  connected(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startHostileWs(): Promise<HostileWs> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    path: '/ws',
    maxPayload: 64 * 1024 * 1024,
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const sockets = new Set<WebSocket>();
  let connections = 0;
  const waiting = new Set<() => void>();
  const hostile: HostileWs = {
    url: `ws://127.0.0.1:${String((server.address() as AddressInfo).port)}/ws`,
    connections: () => connections,
    open: () => sockets.size,
    answerPings: true,
    async send(frame) {
      const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
      await Promise.all(
        [...sockets].map((s) => new Promise<void>((resolve) => s.send(text, () => resolve()))),
      );
    },
    connected(n) {
      return new Promise((resolve) => {
        const check = () => {
          if (connections < n) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    },
    async close() {
      for (const s of sockets) s.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('message', (data) => {
      let request: { id?: unknown; method?: unknown };
      try {
        request = JSON.parse(String(data)) as typeof request;
      } catch {
        return;
      }
      const method = String(request.method);
      if (method === 'ping' && !hostile.answerPings) return;
      const result = method === 'ping' ? 'pong' : { status: 'success' };
      socket.send(JSON.stringify({ id: request.id, result, error: null }));
    });
    for (const check of [...waiting]) check();
  });
  return hostile;
}
